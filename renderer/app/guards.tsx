/**
 * Scope guard (spec §6): a rule of scope groups or '*'. A failed guard sends the user
 * to /auth; when the failure carries a scope (someone is signed in but lacks the
 * rule), with 'Authorization failed. Please try again.'.
 */
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router-dom';
import { can, type Rule } from '../../shared/access';
import { MSG } from '../../shared/messages';
import type { AuthRouteState } from '../lib/auth-state';
import { authAtom, principalAtom } from '../lib/store';

export function Guard({ rule, children }: { rule: Rule; children: React.ReactNode }) {
  const principal = useAtomValue(principalAtom);
  const { scope } = useAtomValue(authAtom);
  const location = useLocation();
  if (can(principal, rule)) return <>{children}</>;
  const state: AuthRouteState = { from: location.pathname + location.search };
  if (scope) state.error = MSG.authorizationFailed;
  return <Navigate to="/auth" replace state={state} />;
}
