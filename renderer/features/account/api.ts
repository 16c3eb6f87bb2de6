/** Query keys, options and mutations of the account screen (GET/PATCH /v4/accounts/me/, DELETE a session). */
import { queryOptions } from '@tanstack/react-query';
import { MeProfile, type MePatch } from '../../../shared/api/me';
import { apiDelete, apiGetVersioned, apiPatch, type ApiResult } from '../../lib/api';

export const ME_PATH = '/v4/accounts/me/';
export const sessionPath = (id: string) => `${ME_PATH}sessions/${encodeURIComponent(id)}/`;

export const accountKeys = {
  all: ['account'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
};

async function getMe(): Promise<ApiResult<MeProfile>> {
  const res = await apiGetVersioned<unknown>(ME_PATH);
  return { ...res, data: MeProfile.parse(res.data) };
}

export const accountQueries = {
  /** The profile with its ETag (the PATCH's If-Match) and the user's sessions. */
  me: () => queryOptions({ queryKey: accountKeys.me(), queryFn: getMe, staleTime: 0 }),
};

/** Saves the editable names; a failure rejects with the server's detail (§7 body-error variant). */
export async function saveProfile(changes: MePatch, etag: string | undefined): Promise<ApiResult<MeProfile>> {
  const res = await apiPatch<unknown>(ME_PATH, changes, etag ?? '', { bodyError: true });
  return { ...res, data: MeProfile.parse(res.data) };
}

/** Ends one of the user's sessions (that device is signed out). */
export function endSession(id: string): Promise<void> {
  return apiDelete(sessionPath(id), { bodyError: true });
}
