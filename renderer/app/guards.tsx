/**
 * Scope guard (spec §6): a rule of scope groups or '*'. A failed guard sends the user
 * to /auth; when the failure carries a scope (someone is signed in but lacks the
 * rule), with 'Authorization failed. Please try again.'.
 */
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { SERVICE_AGREEMENT_ACCEPT_RULE, can, type Rule } from '../../shared/access';
import { MSG } from '../../shared/messages';
import type { AuthRouteState } from '../lib/auth-state';
import { authAtom, principalAtom } from '../lib/store';
import { agreementQuery } from '../features/service-agreement/api';
import { Loading } from '../ui/Loading';

export function Guard({ rule, children }: { rule: Rule; children: React.ReactNode }) {
  const principal = useAtomValue(principalAtom);
  const { scope } = useAtomValue(authAtom);
  const location = useLocation();
  if (can(principal, rule)) return <>{children}</>;
  const state: AuthRouteState = { from: location.pathname + location.search };
  if (scope) state.error = MSG.authorizationFailed;
  return <Navigate to="/auth" replace state={state} />;
}

/**
 * A Baseware supplier who has not accepted the service agreement in force is sent to
 * /service-agreement (and back here once it accepts); everyone else passes. While the
 * answer loads nothing of the console shows; if it fails, the agreement page shows why.
 */
export function AgreementGuard({ children }: { children: React.ReactNode }) {
  const principal = useAtomValue(principalAtom);
  const location = useLocation();
  const mustAccept = can(principal, SERVICE_AGREEMENT_ACCEPT_RULE);
  const q = useQuery({ ...agreementQuery, enabled: mustAccept });
  if (!mustAccept || q.data?.accepted_at) return <>{children}</>;
  if (q.isPending) return <Loading />;
  return <Navigate to="/service-agreement" replace state={{ from: location.pathname + location.search }} />;
}
