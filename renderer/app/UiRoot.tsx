/**
 * The antd theme, the App context (message/notification) and the confirm host, around
 * every route. Loaded with the first screen, so the entry chunk stays small.
 */
import { App as AntApp, ConfigProvider } from 'antd';
import { Outlet } from 'react-router-dom';
import { STYLE_NONCE } from '../lib/style-nonce';
import { ConfirmHost } from '../ui/ConfirmHost';
import { CONSOLE_THEME } from './theme';

/** antd's runtime <style> tags carry the page's nonce (the CSP allows no other inline style). */
const CSP = { nonce: STYLE_NONCE };

export default function UiRoot() {
  return (
    <ConfigProvider theme={CONSOLE_THEME} csp={CSP}>
      <AntApp className="ui-root">
        <Outlet />
        <ConfirmHost />
      </AntApp>
    </ConfigProvider>
  );
}
