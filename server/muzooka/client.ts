/**
 * The Muzooka client: the server's one way to the third-party artist-profile service,
 * at a configured base URL (MUZOOKA_URL; the sandbox starts ./stand-in.ts instead).
 * Every call has a time limit (MUZOOKA_TIMEOUT_MS): an absent, failing, slow or
 * malformed service is an HttpError with a clear text (503 not configured, 502
 * unreachable or a bad answer, 504 timed out, 400 naming `muzooka_id` for an unknown
 * profile), never a hang and never a 500.
 */
import { z } from 'zod';
import { MUZOOKA_MSG } from '../../shared/api/endpoints/artists';
import { HttpError, badRequest } from '../domain/errors';

/** How long one call to Muzooka may take. */
export const MUZOOKA_TIMEOUT_MS = 5000;
/** The most image bytes taken from Muzooka. */
export const MUZOOKA_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export const MuzookaProfile = z.object({
  id: z.string(),
  name: z.string(),
  bio: z.string().nullable(),
  image_url: z.string().nullable(),
});
export type MuzookaProfile = z.infer<typeof MuzookaProfile>;

export interface Muzooka {
  /** The profile, or a 400 naming muzooka_id when Muzooka has none with this id. */
  profile(id: string): Promise<MuzookaProfile>;
  /** The image bytes of a profile (400 when it has none). */
  image(profile: MuzookaProfile): Promise<Buffer>;
}

const unavailable = (status: number, detail: string) => new HttpError(status, { detail });

/** A client of the service at `baseUrl`; without one, every call is a 503 naming MUZOOKA_URL. */
export function muzookaClient(baseUrl: string | undefined, timeoutMs = MUZOOKA_TIMEOUT_MS): Muzooka {
  const get = async (url: string): Promise<Response> => {
    if (!baseUrl) throw unavailable(503, MUZOOKA_MSG.notConfigured);
    try {
      return await fetch(new URL(url, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`), {
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (e) {
      const name = (e as Error).name;
      throw unavailable(
        name === 'TimeoutError' || name === 'AbortError' ? 504 : 502,
        name === 'TimeoutError' || name === 'AbortError' ? MUZOOKA_MSG.timedOut : MUZOOKA_MSG.unreachable,
      );
    }
  };
  /** Reads a body within the time limit and size cap. */
  const body = async (res: Response, max: number): Promise<Buffer> => {
    try {
      const len = Number(res.headers.get('content-length') ?? 0);
      if (len > max) throw new Error('too large');
      const buf = Buffer.from(await res.arrayBuffer());
      if (buf.length > max) throw new Error('too large');
      return buf;
    } catch (e) {
      const name = (e as Error).name;
      throw unavailable(
        name === 'TimeoutError' || name === 'AbortError' ? 504 : 502,
        name === 'TimeoutError' || name === 'AbortError' ? MUZOOKA_MSG.timedOut : MUZOOKA_MSG.badAnswer,
      );
    }
  };
  return {
    async profile(id) {
      const res = await get(`profiles/${encodeURIComponent(id)}`);
      if (res.status === 404) {
        await res.body?.cancel();
        throw badRequest('muzooka_id', MUZOOKA_MSG.noProfile);
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw unavailable(502, MUZOOKA_MSG.badAnswer);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse((await body(res, 1024 * 1024)).toString('utf8'));
      } catch (e) {
        if (e instanceof HttpError) throw e;
        throw unavailable(502, MUZOOKA_MSG.badAnswer);
      }
      const p = MuzookaProfile.safeParse(parsed);
      if (!p.success) throw unavailable(502, MUZOOKA_MSG.badAnswer);
      return p.data;
    },
    async image(profile) {
      if (!profile.image_url) throw badRequest('muzooka_id', MUZOOKA_MSG.noImage);
      const res = await get(profile.image_url);
      if (!res.ok) {
        await res.body?.cancel();
        throw res.status === 404 ? badRequest('muzooka_id', MUZOOKA_MSG.noImage) : unavailable(502, MUZOOKA_MSG.badAnswer);
      }
      return body(res, MUZOOKA_IMAGE_MAX_BYTES);
    },
  };
}
