/**
 * The antd theme, the App context (message/notification) and the confirm host, around
 * every route. Loaded with the first screen, so the entry chunk stays small.
 */
import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { STYLE_NONCE } from '../lib/style-nonce';
import { ConfirmHost } from '../ui/ConfirmHost';
import { CONSOLE_THEME, themeFor } from './theme';

/** antd's runtime <style> tags carry the page's nonce (the CSP allows no other inline style). */
const CSP = { nonce: STYLE_NONCE };
/** A click beside a dialog never closes it: what was typed in it is kept (Cancel or Esc close it). */
const MODAL = { mask: { closable: false } };

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const subscribe = (onChange: () => void) => {
  const q = window.matchMedia(REDUCED_MOTION);
  q.addEventListener('change', onChange);
  return () => q.removeEventListener('change', onChange);
};
/** The system's "reduce motion" setting, followed while the console runs. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * The route the console shows, on the document (`data-route`: path and query), set once the
 * route's screen has rendered: a route change runs as a transition that keeps the previous
 * screen until the next one's code has loaded, so the address bar alone does not say which
 * screen is on view. Whatever drives the console (the e2e screen walks) waits for it.
 */
function useShownRoute(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    document.documentElement.dataset.route = pathname + search;
  }, [pathname, search]);
}

export default function UiRoot() {
  useShownRoute();
  const reduced = usePrefersReducedMotion();
  const theme = useMemo(() => (reduced ? themeFor({ reducedMotion: true }) : CONSOLE_THEME), [reduced]);
  return (
    <ConfigProvider theme={theme} csp={CSP} modal={MODAL}>
      <AntApp className="ui-root">
        <Outlet />
        <ConfirmHost />
      </AntApp>
    </ConfigProvider>
  );
}
