/**
 * Spec §7: a 401 sends the user to /logout. Main decides when a 401 cannot be cured
 * (a refresh failed, the session is gone) and then ends the session and sends the
 * sessionEnded event: this is the renderer's one route to /logout. A call's 401
 * rejection leads nowhere by itself. Where the user is signing in or out already
 * there is no session to end.
 */
import type { DataRouter } from 'react-router-dom';
import { onBridgeEvent } from '../lib/bridge';

type Navigator = Pick<DataRouter, 'state' | 'navigate'>;

function hasNoSession(pathname: string): boolean {
  return pathname === '/logout' || pathname === '/auth' || pathname.startsWith('/auth/');
}

/** Follows main's sessionEnded event to /logout; returns the unsubscribe function. */
export function followSessionEnd(router: Navigator): () => void {
  return onBridgeEvent('sessionEnded', () => {
    if (!hasNoSession(router.state.location.pathname)) void router.navigate('/logout', { replace: true });
  });
}
