/**
 * Cover art and previews through main (issue 13), against the real v4 server in-process
 * (PGlite, demo seed with the sandbox's WAVs in storage) and the browser host's server:
 * an image the user picked is uploaded by main (the §5 refusal comes back as the API's
 * 400 naming `image`), and media URLs on the host's own origin serve the cover and the
 * track preview with HTTP Range, fetched with the token in main. Without a ticket, with
 * an expired one, from another Host, or once signed out, nothing is served; a ticket
 * serves only the session that asked for it (not the next user signed in on the console).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus, type Handlers } from '../../main/bridge';
import { mediaHandlers } from '../../main/bridge/handlers/media';
import { startHostServer, type HostServer } from '../../main/host/server';
import { ApiClient } from '../../main/services/api-client';
import { MEDIA_TICKET_TTL_MS, MediaService } from '../../main/services/media';
import { PackagingService } from '../../main/services/packaging';
import { SessionService } from '../../main/services/session';
import { createMemoryVault } from '../../main/services/token-vault';
import { BridgeError, MEDIA_PATH } from '../../shared/bridge';
import { PKG_MSG } from '../../shared/packaging/messages';
import { recordImageMsg } from '../../shared/api/endpoints/record-images';
import { ARTIST_IMAGE_SIDE, COVER_ART_MAX_SIDE, LABEL_IMAGE_SIDE } from '../../shared/constants';
import { postSignInForm, startTestServer, type RunningServer } from '../server/helpers';

let server: RunningServer;
let host: HostServer;
let dir: string;
let session: SessionService;
let packaging: PackagingService;
let media: MediaService;
let now = Date.now();
let release = 0;
let track = 0;

const image = (side: number) =>
  sharp({ create: { width: side, height: side, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtl: 600 });
  dir = mkdtempSync(join(tmpdir(), 'media-main-'));
  writeFileSync(join(dir, 'small.png'), await image(400));
  writeFileSync(join(dir, 'cover.png'), await image(1600));
  writeFileSync(join(dir, 'not-picked.png'), await image(1600));
  writeFileSync(
    join(dir, 'too-wide.png'),
    await sharp({ create: { width: COVER_ART_MAX_SIDE + 1, height: 2, channels: 3, background: '#145ac8' } })
      .png()
      .toBuffer(),
  );
  session = new SessionService({ idpUrl: server.idp, vault: createMemoryVault(), events: new EventBus() });
  const { url } = session.beginSignIn('http://127.0.0.1:53999/auth/verify');
  const back = new URL((await postSignInForm(url, 'contentops', 'sandbox-contentops')).headers.get('location')!).searchParams;
  await session.completeSignIn(back.get('code')!, back.get('state')!);
  const api = new ApiClient({ apiUrl: server.api, session });
  packaging = new PackagingService({ browseRoots: [dir], fetchSupplier: () => Promise.reject(new Error('unused')) });
  media = new MediaService({
    api,
    session,
    readPickedImage: (p, max) => packaging.readPickedImage(p, max),
    openPickedCsv: (p, max) => packaging.openPickedCsv(p, max),
    now: () => now,
  });
  const handlers = mediaHandlers({ media }) as unknown as Handlers;
  host = await startHostServer({ rendererDir: dir, handlers, events: new EventBus(), media });
  [{ id: release }] = await server.db.query<{ id: number }>('select min(id) as id from releases where label_id = 1');
  [{ id: track }] = await server.db.query<{ id: number }>('select min(id) as id from tracks where release_id = $1', [release]);
}, 120_000);
afterAll(async () => {
  await host?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${host.origin}${path}`, { headers }).then(async (r) => ({
    status: r.status,
    headers: r.headers,
    bytes: Buffer.from(await r.arrayBuffer()),
  }));

describe('cover art through main', () => {
  it('refuses an image the user did not pick, before anything is sent', async () => {
    const err = await media.uploadCover(release, join(dir, 'not-picked.png')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BridgeError);
    expect((err as BridgeError).code).toBe('forbidden_path');
  });

  it('a picked 400x400 image is refused by the API with the §5 rule, naming the image', async () => {
    const picked = await packaging.browsePick(join(dir, 'small.png'), 'coverArt');
    const err = await media.uploadCover(release, picked.path).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BridgeError);
    expect([(err as BridgeError).status, (err as BridgeError).detail]).toEqual([400, { image: [PKG_MSG.coverArtTooSmall] }]);
  });

  it("a picked 1600x1600 image is uploaded as PNG bytes, and its 1400x1400 crop is served on the host's origin", async () => {
    const picked = await packaging.browsePick(join(dir, 'cover.png'), 'coverArt');
    const { results } = await media.uploadCover(release, picked.path);
    expect(results.map((i) => [i.variant, i.width, i.height])).toEqual([
      ['original', 1600, 1600],
      ['default', 1400, 1400],
    ]);
    const { url } = await media.ticket({ kind: 'releaseImage', releaseId: release, variant: 'default' });
    expect(url.startsWith(MEDIA_PATH)).toBe(true);
    const r = await get(url);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^image\//);
    const meta = await sharp(r.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1400, 1400]);
  });
});

describe('label and chart images through main', () => {
  it("a picked 400x400 image is refused for a label with the §5 rule; a 1600x1600 one is stored at 500x500 and served on the host's origin", async () => {
    const small = await packaging.browsePick(join(dir, 'small.png'), 'coverArt');
    const err = await media.uploadRecordImage('labels', 1, small.path).catch((e: unknown) => e);
    expect([(err as BridgeError).status, (err as BridgeError).detail]).toEqual([400, { image: [recordImageMsg('labels').tooSmall] }]);
    const picked = await packaging.browsePick(join(dir, 'cover.png'), 'coverArt');
    const label = await media.uploadRecordImage('labels', 1, picked.path);
    expect(label.image_url).toBe('/v4/catalog/labels/1/image/');
    const r = await get((await media.ticket({ kind: 'recordImage', type: 'labels', id: 1 })).url);
    const meta = await sharp(r.bytes).metadata();
    expect([r.status, meta.format, meta.width, meta.height]).toEqual([200, 'jpeg', LABEL_IMAGE_SIDE, LABEL_IMAGE_SIDE]);
  });
});

describe("an artist's profile image through main", () => {
  it("goes to the artist image route: a too-large image comes back as its 400 naming `image`; a picked one is stored as a 500x500 JPEG and served on the host's origin", async () => {
    const [{ id }] = await server.db.query<{ id: number }>('select min(id) as id from artists');
    const wide = await packaging.browsePick(join(dir, 'too-wide.png'), 'coverArt');
    const err = await media.uploadRecordImage('artists', id, wide.path).catch((e: unknown) => e);
    expect([(err as BridgeError).status, (err as BridgeError).detail]).toEqual([400, { image: [recordImageMsg('artists').tooLarge] }]);
    const picked = await packaging.browsePick(join(dir, 'cover.png'), 'coverArt');
    const artist = await media.uploadRecordImage('artists', id, picked.path);
    expect([artist.id, artist.image_url]).toEqual([id, `/v4/catalog/artists/${id}/image/`]);
    const r = await get((await media.ticket({ kind: 'recordImage', type: 'artists', id })).url);
    const meta = await sharp(r.bytes).metadata();
    expect([r.status, meta.format, meta.width, meta.height]).toEqual([200, 'jpeg', ARTIST_IMAGE_SIDE, ARTIST_IMAGE_SIDE]);
  });
});

describe('page module images through main', () => {
  it("only a picked image is sent, to the module image route (content ops is no Control user: the API's 403 comes back)", async () => {
    const [{ id: moduleId }] = await server.db.query<{ id: number }>('select min(id) as id from page_modules');
    const err = await media.uploadModuleImage(moduleId, join(dir, 'not-picked.png')).catch((e: unknown) => e);
    expect((err as BridgeError).code).toBe('forbidden_path');
    const picked = await packaging.browsePick(join(dir, 'cover.png'), 'coverArt');
    const refused = await media.uploadModuleImage(moduleId, picked.path).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BridgeError);
    expect((refused as BridgeError).status).toBe(403);
  });
});

describe('media URLs', () => {
  it("stream a track's preview with HTTP Range: 206 with its Content-Range, or the whole file", async () => {
    const file = (await server.storage.get(`tracks/${track}/wav.wav`))!;
    const { url } = await media.ticket({ kind: 'trackStream', trackId: track });
    const part = await get(url, { range: 'bytes=0-99' });
    expect([part.status, part.headers.get('content-range'), part.headers.get('accept-ranges')]).toEqual([
      206,
      `bytes 0-99/${file.length}`,
      'bytes',
    ]);
    expect(part.bytes.equals(file.subarray(0, 100))).toBe(true);
    const whole = await get(url);
    expect([whole.status, whole.headers.get('content-type'), whole.bytes.length]).toEqual([200, 'audio/wav', file.length]);
    // The answer carries the bytes and their headers, never the bearer token.
    expect(whole.headers.get('authorization')).toBeNull();
  });

  it('serve a support download as an attachment with its file name', async () => {
    const file = (await server.storage.get(`tracks/${track}/wav.wav`))!;
    const { url } = await media.ticket({ kind: 'supportDownload', trackId: track, format: 'wav' });
    const r = await get(url);
    expect([r.status, r.bytes.length]).toEqual([200, file.length]);
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+\.wav"/);
  });

  it('refuse an unknown ticket, an expired one, another Host, and anything but GET/HEAD', async () => {
    expect((await get(`${MEDIA_PATH}${'x'.repeat(43)}`)).status).toBe(404);
    expect((await get(MEDIA_PATH)).status).toBe(404);
    const { url } = await media.ticket({ kind: 'trackStream', trackId: track });
    const other = await new Promise<number>((resolve) => {
      const o = new URL(host.origin);
      request({ host: o.hostname, port: o.port, path: url, headers: { host: `rebind.evil.example:${o.port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).end();
    });
    expect(other).toBe(421);
    expect((await fetch(`${host.origin}${url}`, { method: 'POST' })).status).toBe(405);
    now += MEDIA_TICKET_TTL_MS + 1;
    expect((await get(url)).status).toBe(404);
  });

  it('a track the API does not let the user read answers its status, with no body', async () => {
    const { url } = await media.ticket({ kind: 'trackStream', trackId: 999_999 });
    const r = await get(url);
    expect([r.status, r.bytes.length]).toEqual([404, 0]);
  });

  it('serve nothing once the session has ended: sign-out revokes its tickets (404, as an unknown one)', async () => {
    const { url } = await media.ticket({ kind: 'trackStream', trackId: track });
    await session.signOut();
    const r = await get(url);
    expect([r.status, r.bytes.toString()]).toEqual([404, 'Not found']);
  });
});

/** Signs the console's session in as `username` through the identity provider's form, as the /auth screen does. */
async function signInAs(username: string) {
  const { url } = session.beginSignIn('http://127.0.0.1:53999/auth/verify');
  const back = new URL((await postSignInForm(url, username, `sandbox-${username}`)).headers.get('location')!).searchParams;
  await session.completeSignIn(back.get('code')!, back.get('state')!);
}

describe('media tickets belong to the session that asked (issue 26)', () => {
  const download = () => ({ kind: 'supportDownload', trackId: track, format: 'wav' }) as const;

  it("an artist's ticket for a staff-only download is a 404 once admin has signed in on the same console, while admin's own ticket serves it", async () => {
    await signInAs('artist');
    const { url } = await media.ticket(download());
    // The artist may not download the track's files: the API says so through the ticket.
    expect((await get(url)).status).toBeGreaterThanOrEqual(400);
    await session.signOut();
    await signInAs('admin');
    const stolen = await get(url);
    // The answer an unknown ticket gets: nothing says the ticket was ever valid.
    expect([stolen.status, stolen.bytes.toString()]).toEqual([404, 'Not found']);
    const own = await get((await media.ticket(download())).url);
    expect([own.status, own.headers.get('content-disposition')?.startsWith('attachment;')]).toEqual([200, true]);
    await session.signOut();
  });

  it("a sign-in over a session that was not signed out ends the earlier session's tickets too", async () => {
    await signInAs('artist');
    const { url } = await media.ticket(download());
    await signInAs('admin');
    expect((await get(url)).status).toBe(404);
    // Revoked, not merely refused: the ticket stays dead whoever signs in next.
    await signInAs('artist');
    expect((await get(url)).status).toBe(404);
    await session.signOut();
  });

  it('a session the server ends (a 401 a refresh cannot cure) takes its tickets with it', async () => {
    await signInAs('admin');
    const { url } = await media.ticket(download());
    expect((await get(url)).status).toBe(200);
    await session.end('Your session has ended. Please sign in again.');
    await signInAs('admin');
    expect((await get(url)).status).toBe(404);
    await session.signOut();
  });

  it('no ticket is issued when no one is signed in', async () => {
    const err = await media.ticket(download()).catch((e: unknown) => e);
    expect([(err as BridgeError).status, (err as BridgeError).code]).toEqual([401, 'not_signed_in']);
  });
});
