/** Query keys, options and mutations of the account screen (GET/PATCH /v4/accounts/me/, DELETE a session). */
import { queryOptions } from '@tanstack/react-query';
import { meEndpoints } from '../../../shared/api/endpoints/me';
import type { MePatch, MeProfile } from '../../../shared/api/me';
import { call, type ApiResult } from '../../lib/api';

export const accountKeys = {
  all: ['account'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
};

const getMe = (): Promise<ApiResult<MeProfile>> => call(meEndpoints.get, {});

export const accountQueries = {
  /** The profile with its ETag (the PATCH's If-Match) and the user's sessions. */
  me: () => queryOptions({ queryKey: accountKeys.me(), queryFn: getMe, staleTime: 0 }),
};

/** Saves the editable names (a failure shows with the server's detail: saveFailedText, §7 body-error variant). */
export function saveProfile(changes: MePatch, etag: string | undefined): Promise<ApiResult<MeProfile>> {
  return call(meEndpoints.patch, { body: changes, ifMatch: etag ?? '' });
}

/** Ends one of the user's sessions (that device is signed out). */
export async function endSession(id: string): Promise<void> {
  await call(meEndpoints.endSession, { params: { id } });
}
