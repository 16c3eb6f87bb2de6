/**
 * Scope guard (spec §6): a rule of scope groups or '*'. A failed guard sends the user
 * to /auth; when the failure carries a scope (someone is signed in but lacks the
 * rule), with 'Authorization failed. Please try again.'.
 */
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router-dom';
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SERVICE_AGREEMENT_ACCEPT_RULE, can, type Rule } from '../../shared/access';
import { MSG } from '../../shared/messages';
import type { AuthRouteState } from '../lib/auth-state';
import { authAtom, principalAtom } from '../lib/store';
import { agreementQuery, isAgreementRefusal } from '../features/service-agreement/api';
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
 * A call the API refuses for the agreement (a new version came into force while the
 * console was open) asks again, which sends the supplier to the agreement.
 */
export function AgreementGuard({ children }: { children: React.ReactNode }) {
  const principal = useAtomValue(principalAtom);
  const location = useLocation();
  const queryClient = useQueryClient();
  const mustAccept = can(principal, SERVICE_AGREEMENT_ACCEPT_RULE);
  const q = useQuery({ ...agreementQuery, enabled: mustAccept });
  useEffect(() => {
    if (!mustAccept) return;
    const recheck = (error: unknown) => {
      if (isAgreementRefusal(error)) void queryClient.invalidateQueries({ queryKey: agreementQuery.queryKey });
    };
    const offQueries = queryClient.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') recheck(e.action.error);
    });
    const offMutations = queryClient.getMutationCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') recheck(e.action.error);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [mustAccept, queryClient]);
  if (!mustAccept || q.data?.accepted_at) return <>{children}</>;
  if (q.isPending) return <Loading />;
  return <Navigate to="/service-agreement" replace state={{ from: location.pathname + location.search }} />;
}
