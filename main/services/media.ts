/**
 * Cover art and previews without the token reaching the renderer (issue 13).
 *
 * - Upload: the renderer names a picked image (packaging's pick grants, so main reads
 *   only what the user chose in this launch); main reads its bytes and POSTs them to
 *   `POST …/releases/{id}/images/` with the session's token.
 * - Display and playback: `ticket()` hands the renderer a URL on the app's own origin,
 *   `MEDIA_PATH` + 32 random bytes, naming one declared media endpoint (a release image
 *   a track's stream, or a support download). `serve()` answers it, for the browser host's server and
 *   Electron's app:// handler alike, by fetching the API with the token in main, the
 *   media element's Range header passed through and the API's 200/206/416 answer
 *   streamed back with its range headers. An unknown or expired ticket is a 404; the
 *   ticket is only ever issued over the bridge, so only the console's own page (launch
 *   key, or Electron's app:// frame) can get one.
 * - Each ticket belongs to the session that asked for it (SessionService's session id,
 *   new at every sign-in): once that session ends (sign-out, a new sign-in, a session
 *   the server ended) its tickets are revoked, and a ticket is served only while its own
 *   session is the one signed in; any other use is a 404 like an unknown ticket (issue
 *   26: a ticket an artist obtained must not serve an admin's download after a switch).
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { CSV_UPLOAD_MAX_BYTES, couponEndpoints, type CouponUsersUpload } from '../../shared/api/endpoints/coupons';
import { creditEndpoints } from '../../shared/api/endpoints/credits';
import { COVER_ART_MAX_BYTES } from '../../shared/constants';
import { mediaEndpoints, type ReleaseImage } from '../../shared/api/endpoints/media';
import { artistEndpoints } from '../../shared/api/endpoints/artists';
import { chartImageEndpoints, labelImageEndpoints, type ImageRecordType } from '../../shared/api/endpoints/record-images';
import type { ObjectRow } from '../../shared/api/endpoints/lists';
import { moduleImageEndpoints, type ModuleImageUpload } from '../../shared/api/endpoints/curation';
import { BridgeError } from '../../shared/bridge';
import { MEDIA_PATH } from '../../shared/bridge/transport';
import type { MediaTarget } from '../../shared/bridge/channels/media';
import type { ApiClient } from './api-client';
import type { SessionService } from './session';

/** Each image record type's upload and image routes (an artist's are declared with its other calls, and answer alike). */
const RECORD_IMAGE_ENDPOINTS = { labels: labelImageEndpoints, charts: chartImageEndpoints, artists: artistEndpoints } as const;

/** How long a media URL stays valid: long enough to play a preview, seeking included. */
export const MEDIA_TICKET_TTL_MS = 60 * 60 * 1000;
/** Most media URLs held at once; the oldest goes first. */
export const MEDIA_TICKETS_MAX = 500;

/** The answer headers of the API that the media element or a download needs (type, length, ranges, file name, caching). */
const PASSED_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'accept-ranges',
  'content-disposition',
  'etag',
  'last-modified',
] as const;

export interface MediaDeps {
  api: Pick<ApiClient, 'call' | 'stream'>;
  /** Whose tickets are whose: the session signed in now, and the end of each session. */
  session: Pick<SessionService, 'currentSessionId' | 'onSessionEnd'>;
  /** A picked image's bytes (PackagingService.readPickedImage). */
  readPickedImage: (path: string, maxBytes: number) => Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string }>;
  /** A picked CSV file as a stream (PackagingService.openPickedCsv). */
  openPickedCsv: (path: string, maxBytes: number) => Promise<{ stream: Readable }>;
  now?: () => number;
}

export class MediaService {
  private readonly tickets = new Map<string, { target: MediaTarget; expires: number; session: string }>();
  private readonly now: () => number;

  constructor(private readonly deps: MediaDeps) {
    this.now = deps.now ?? Date.now;
    deps.session.onSessionEnd((ended) => this.revokeSession(ended));
  }

  async uploadCover(releaseId: number, path: string): Promise<{ results: ReleaseImage[] }> {
    const { bytes, contentType } = await this.deps.readPickedImage(path, COVER_ART_MAX_BYTES);
    const res = await this.deps.api.call(mediaEndpoints.uploadImage, { params: { id: releaseId }, body: bytes }, { contentType });
    return { results: res.data.results };
  }

  /** A label's or a chart's image, or an artist's profile image, from a picked image file. */
  async uploadRecordImage(type: ImageRecordType, id: number, path: string): Promise<ObjectRow> {
    const { bytes, contentType } = await this.deps.readPickedImage(path, COVER_ART_MAX_BYTES);
    const res = await this.deps.api.call(RECORD_IMAGE_ENDPOINTS[type].uploadImage, { params: { id }, body: bytes }, { contentType });
    return res.data;
  }

  /** An image for a page module's items (cropped afterwards by the renderer's call to the API). */
  async uploadModuleImage(moduleId: number, path: string): Promise<ModuleImageUpload> {
    const { bytes, contentType } = await this.deps.readPickedImage(path, COVER_ART_MAX_BYTES);
    const res = await this.deps.api.call(moduleImageEndpoints.upload, { params: { id: moduleId }, body: bytes }, { contentType });
    return res.data;
  }

  /** A coupon's users from a picked CSV file, streamed to the API as it is read. */
  async uploadCouponUsers(couponId: number, path: string): Promise<CouponUsersUpload> {
    return this.withPickedCsv(
      path,
      async (stream, reopen) =>
        (
          await this.deps.api.call(
            couponEndpoints.uploadUsers,
            { params: { id: couponId }, body: stream as unknown as AsyncIterable<Uint8Array> },
            { contentType: 'text/csv', reopen },
          )
        ).data,
    );
  }

  /** The same credit to the users of a picked CSV file, streamed to the API as it is read, once per `idempotencyKey`. */
  async uploadBulkCredits(path: string, credit: { amount: number; currency: string; reason_id: number }, idempotencyKey: string) {
    const query = { amount: String(credit.amount), currency: credit.currency, reason_id: String(credit.reason_id) };
    return this.withPickedCsv(
      path,
      async (stream, reopen) =>
        (
          await this.deps.api.call(
            creditEndpoints.bulkUpload,
            { query, body: stream as unknown as AsyncIterable<Uint8Array>, idempotencyKey },
            { contentType: 'text/csv', reopen },
          )
        ).data,
    );
  }

  /**
   * Runs an upload of a picked CSV file: its stream, and how to open it again for the
   * retry after a token refresh (ApiClient `reopen`); every stream opened is closed after.
   */
  private async withPickedCsv<T>(path: string, upload: (stream: Readable, reopen: () => Promise<Readable>) => Promise<T>): Promise<T> {
    const opened: Readable[] = [];
    const open = async () => {
      const { stream } = await this.deps.openPickedCsv(path, CSV_UPLOAD_MAX_BYTES);
      opened.push(stream);
      return stream;
    };
    try {
      return await upload(await open(), open);
    } finally {
      for (const s of opened) s.destroy();
    }
  }

  /** A media URL (path on the app's origin) for this target, for the session signed in now (none: a 401). */
  async ticket(target: MediaTarget): Promise<{ url: string }> {
    const session = await this.deps.session.currentSessionId();
    if (!session) throw new BridgeError({ code: 'not_signed_in', message: 'You are not signed in.', status: 401 });
    this.prune();
    const id = randomBytes(32).toString('base64url');
    this.tickets.set(id, { target, expires: this.now() + MEDIA_TICKET_TTL_MS, session });
    return { url: `${MEDIA_PATH}${id}` };
  }

  /** Forgets every ticket of a session (it ended). */
  revokeSession(session: string): void {
    for (const [id, t] of this.tickets) if (t.session === session) this.tickets.delete(id);
  }

  /** Whether a request path is main's media route (the transports route it here). */
  static owns(pathname: string): boolean {
    return pathname.startsWith(MEDIA_PATH);
  }

  /** The answer to GET `pathname` (under MEDIA_PATH) with the request's Range header, if any. */
  async serve(pathname: string, range?: string | null): Promise<Response> {
    const target = await this.valid(pathname.slice(MEDIA_PATH.length));
    if (!target) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    let upstream: Response;
    try {
      const opts = { accept: '*/*', range: range ?? undefined };
      upstream = await this.fetchTarget(target, opts);
    } catch {
      // No session (signed out) or the API unreachable: nothing to serve, and nothing said about why.
      return new Response(null, { status: 502 });
    }
    const headers = new Headers({ 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
    for (const h of PASSED_HEADERS) {
      const v = upstream.headers.get(h);
      if (v !== null) headers.set(h, v);
    }
    if (upstream.status >= 400) {
      await upstream.body?.cancel().catch(() => {});
      headers.delete('content-length');
      return new Response(null, { status: upstream.status, headers });
    }
    return new Response(upstream.body, { status: upstream.status, headers });
  }

  private fetchTarget(target: MediaTarget, opts: { accept: string; range?: string }): Promise<Response> {
    switch (target.kind) {
      case 'trackStream':
        return this.deps.api.stream(mediaEndpoints.stream, { params: { id: target.trackId } }, opts);
      case 'releaseImage':
        return this.deps.api.stream(mediaEndpoints.image, { params: { id: target.releaseId, variant: target.variant } }, opts);
      case 'supportDownload':
        return this.deps.api.stream(mediaEndpoints.supportDownload, { params: { id: target.trackId, format: target.format } }, opts);
      case 'recordImage':
        return this.deps.api.stream(RECORD_IMAGE_ENDPOINTS[target.type].image, { params: { id: target.id } }, opts);
      case 'moduleImage':
        return this.deps.api.stream(moduleImageEndpoints.image, { params: { id: target.moduleId, name: target.name } }, opts);
    }
  }

  /** The ticket's target while it is unexpired and its session is the one signed in; otherwise nothing. */
  private async valid(id: string): Promise<MediaTarget | null> {
    const t = this.tickets.get(id);
    if (!t) return null;
    if (t.expires <= this.now()) {
      this.tickets.delete(id);
      return null;
    }
    if (t.session !== (await this.deps.session.currentSessionId().catch(() => null))) return null;
    return t.target;
  }

  private prune(): void {
    const now = this.now();
    for (const [id, t] of this.tickets) if (t.expires <= now) this.tickets.delete(id);
    while (this.tickets.size >= MEDIA_TICKETS_MAX) this.tickets.delete(this.tickets.keys().next().value!);
  }
}
