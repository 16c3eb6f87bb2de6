/** Query keys and options of the account screen. */
import { queryOptions } from '@tanstack/react-query';
import { AUTH_PATHS } from '../../../shared/api/client';
import { apiGet } from '../../lib/api';

/** GET /v4/auth/o/introspect/ with the session's bearer token (spec §7). */
export interface Introspection {
  active: boolean;
  scope?: string;
  exp?: number;
  username?: string;
  user_id?: number;
  features?: string[];
}

export const accountKeys = {
  all: ['account'] as const,
  session: () => [...accountKeys.all, 'session'] as const,
};

export const accountQueries = {
  session: () => queryOptions({ queryKey: accountKeys.session(), queryFn: () => apiGet<Introspection>(AUTH_PATHS.introspect), staleTime: 0 }),
};
