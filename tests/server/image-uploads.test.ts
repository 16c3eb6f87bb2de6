/**
 * Every image upload route (release cover art, label, chart and artist images, page-module
 * images, the generic media image) refuses an empty or truncated image with a 400 naming `image` in the §5 words
 * (issue 26: an empty body was a 500), never a 5xx.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEDIA_IMAGE_MSG,
  artistEndpoints,
  chartImageEndpoints,
  labelImageEndpoints,
  mediaEndpoints,
  mediaImageEndpoints,
  moduleImageEndpoints,
  pathOf,
  recordImageMsg,
} from '../../shared/api';
import { PKG_MSG } from '../../shared/packaging/messages';
import { fetchFor, signIn, startTestServer, type RunningServer } from './helpers';

let server: RunningServer;
let token = '';
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  token = (await signIn(server, 'admin', 'sandbox-admin')).access_token;
  const one = async (sql: string) => (await server.db.query<{ id: number }>(sql))[0].id;
  ids.release = await one('select min(id) as id from releases');
  ids.label = await one('select min(id) as id from labels');
  ids.chart = await one("select min(id) as id from charts where brand = 'brand:dj'");
  ids.artist = await one('select min(id) as id from artists');
  const page = await one(
    "insert into pages (name, slug, page_type_id, brand) select 'Images', 'images-issue-26', id, 'brand:dj' from reference_items where list = 'page-types' order by id limit 1 returning id",
  );
  ids.module = await one(`insert into page_modules (page_id, name, module_type_id, slot) values (${page}, 'm', 1, 'left') returning id`);
});
afterAll(async () => server?.close());

/** The upload routes, with the record each is tried on (none for the generic one) and the words of its refusal. */
const ROUTES: { name: string; path: () => string; words: string; empty?: string }[] = [
  { name: 'release cover art', path: () => pathOf(mediaEndpoints.uploadImage, { id: ids.release }), words: PKG_MSG.coverArtFormat },
  { name: 'label image', path: () => pathOf(labelImageEndpoints.uploadImage, { id: ids.label }), words: recordImageMsg('labels').format },
  { name: 'chart image', path: () => pathOf(chartImageEndpoints.uploadImage, { id: ids.chart }), words: recordImageMsg('charts').format },
  {
    name: 'artist profile image',
    path: () => pathOf(artistEndpoints.uploadImage, { id: ids.artist }),
    words: recordImageMsg('artists').format,
  },
  { name: 'page-module image', path: () => pathOf(moduleImageEndpoints.upload, { id: ids.module }), words: PKG_MSG.coverArtFormat },
  // The generic upload (spec §7 "POST media/images") says an empty body is empty, and a broken one is no JPEG or PNG.
  {
    name: 'generic media image',
    path: () => pathOf(mediaImageEndpoints.upload),
    words: MEDIA_IMAGE_MSG.format,
    empty: MEDIA_IMAGE_MSG.empty,
  },
];

const picture = (format: 'jpeg' | 'png') =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .composite([
      {
        input: { create: { width: 300, height: 300, channels: 3, background: { r: 10, g: 200, b: 30 } } },
        left: 100,
        top: 100,
      },
    ])
    .toFormat(format)
    .toBuffer();

/** The bodies: nothing at all, and a JPEG and a PNG cut at their first 200 bytes and at half their length. */
async function bodies(): Promise<[string, string, Buffer][]> {
  const jpeg = await picture('jpeg');
  const png = await picture('png');
  return [
    ['an empty JPEG body', 'image/jpeg', Buffer.alloc(0)],
    ['an empty PNG body', 'image/png', Buffer.alloc(0)],
    ['a JPEG cut after 200 bytes', 'image/jpeg', jpeg.subarray(0, 200)],
    ['a JPEG cut in half', 'image/jpeg', jpeg.subarray(0, jpeg.length >> 1)],
    ['a PNG cut after 200 bytes', 'image/png', png.subarray(0, 200)],
    ['a PNG cut in half', 'image/png', png.subarray(0, png.length >> 1)],
  ];
}

describe('an empty or truncated image is a 400 with the §5 words on every image route', () => {
  for (const route of ROUTES) {
    it(route.name, async () => {
      for (const [what, type, body] of await bodies()) {
        const r = await fetchFor(server)(`${server.api}${route.path()}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': type, 'x-brand': 'brand:dj' },
          body: new Uint8Array(body),
        });
        const text = await r.text();
        expect({ what, status: r.status, body: text }).toEqual({
          what,
          status: 400,
          body: JSON.stringify({ image: [route.empty && what.startsWith('an empty') ? route.empty : route.words] }),
        });
      }
    });
  }
});
