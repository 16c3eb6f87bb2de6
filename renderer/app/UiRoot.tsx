/**
 * The antd theme, the App context (message/notification) and the confirm host, around
 * every route. Loaded with the first screen, so the entry chunk stays small.
 */
import { App as AntApp, ConfigProvider } from 'antd';
import { Outlet } from 'react-router-dom';
import { ConfirmHost } from '../ui/ConfirmHost';
import { CONSOLE_THEME } from './theme';

export default function UiRoot() {
  return (
    <ConfigProvider theme={CONSOLE_THEME}>
      <AntApp className="ui-root">
        <Outlet />
        <ConfirmHost />
      </AntApp>
    </ConfigProvider>
  );
}
