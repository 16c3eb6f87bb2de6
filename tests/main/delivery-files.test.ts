/**
 * A delivery's files saved or opened through main (issue 27; main/services/delivery-files.ts),
 * with the real API client over a fake API host: the file is fetched with the session's token
 * (GET …/deliveries/{id}/file/?path=), saved whole where the save dialog says or not at all
 * (a failed or refused download leaves no partial file and an existing file untouched), and
 * opened with the system's app from a folder of its own; the browser host refuses Open. The
 * bridge channels reach the service.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { deliveryFilesHandlers } from '../../main/bridge/handlers/delivery-files';
import { ApiClient } from '../../main/services/api-client';
import { DeliveryFiles, OPEN_UNSUPPORTED, deliveryFileName } from '../../main/services/delivery-files';
import { BridgeError } from '../../shared/bridge';
import { channels } from '../../shared/bridge';

const root = mkdtempSync(join(tmpdir(), 'delivery-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const BYTES = Buffer.from('<?xml version="1.0"?><ern:NewReleaseMessage/>\n'.repeat(2000));

type Respond = (url: URL) => Response;
let respond: Respond;
let seen: { url: URL; headers: Record<string, string> }[];

const api = new ApiClient({
  apiUrl: 'http://127.0.0.1:9000',
  session: { withAccessToken: (call) => call('the-token'), activeBrand: undefined },
  fetch: (async (url: string, init: RequestInit) => {
    seen.push({ url: new URL(url), headers: init.headers as Record<string, string> });
    return respond(new URL(url));
  }) as unknown as typeof fetch,
});

/** A body that sends some bytes, then fails (the connection lost mid-download). */
const brokenBody = () =>
  new Response(
    new ReadableStream<Uint8Array>({
      pull(c) {
        if (!(this as { sent?: boolean }).sent) {
          (this as { sent?: boolean }).sent = true;
          c.enqueue(new Uint8Array(BYTES.subarray(0, 1000)));
        } else c.error(new Error('connection reset'));
      },
    }),
    { status: 200 },
  );

let folder: string;
let dialog: string | null;
let opened: string[];
let openAnswer: string;
const files = () =>
  new DeliveryFiles({
    api,
    chooseTarget: async (name) => (dialog === null ? null : join(folder, dialog === '' ? name : dialog)),
    openPath: async (p) => {
      opened.push(p);
      return openAnswer;
    },
    tempRoot: join(root, 'open'),
  });

beforeEach(() => {
  folder = mkdtempSync(join(root, 'save-'));
  respond = () => new Response(new Uint8Array(BYTES), { status: 200, headers: { 'content-type': 'application/xml' } });
  seen = [];
  dialog = '';
  opened = [];
  openAnswer = '';
});

describe('saving a delivery file', () => {
  it('fetches it with the token in main and writes it whole where the dialog says, its name suggested', async () => {
    const r = await files().save(7, 'A1/resources/ern file.xml');
    expect(r).toEqual({ saved: true, fileName: 'ern file.xml' });
    expect(readFileSync(join(folder, 'ern file.xml')).equals(BYTES)).toBe(true);
    expect(readdirSync(folder)).toEqual(['ern file.xml']);
    expect(seen).toHaveLength(1);
    expect(`${seen[0].url.pathname}`).toBe('/v4/delivery-inspector/deliveries/7/file/');
    expect(seen[0].url.searchParams.get('path')).toBe('A1/resources/ern file.xml');
    expect(seen[0].headers.authorization).toBe('Bearer the-token');
  });

  it('replaces a file the user chose to overwrite, only once all the bytes arrived', async () => {
    writeFileSync(join(folder, 'old.xml'), 'old');
    dialog = 'old.xml';
    expect(await files().save(7, 'x.xml')).toEqual({ saved: true, fileName: 'old.xml' });
    expect(readFileSync(join(folder, 'old.xml')).equals(BYTES)).toBe(true);
  });

  it('a dismissed dialog saves nothing and fetches nothing', async () => {
    dialog = null;
    expect(await files().save(7, 'x.xml')).toEqual({ saved: false, fileName: 'x.xml' });
    expect(seen).toEqual([]);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('a download that breaks off leaves no partial file, and an existing file as it was', async () => {
    respond = brokenBody;
    await expect(files().save(7, 'x.xml')).rejects.toThrow();
    expect(readdirSync(folder)).toEqual([]);
    writeFileSync(join(folder, 'kept.xml'), 'kept');
    dialog = 'kept.xml';
    respond = brokenBody;
    await expect(files().save(7, 'x.xml')).rejects.toThrow();
    expect(readdirSync(folder)).toEqual(['kept.xml']);
    expect(readFileSync(join(folder, 'kept.xml'), 'utf8')).toBe('kept');
  });

  it("the API's refusal comes back as its error (status and detail), nothing written", async () => {
    respond = () =>
      new Response(JSON.stringify({ detail: 'Not found.' }), {
        status: 404,
        statusText: 'Not Found',
        headers: { 'content-type': 'application/json' },
      });
    const err = await files()
      .save(7, 'nope.xml')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BridgeError);
    expect([(err as BridgeError).status, (err as BridgeError).detail]).toEqual([404, 'Not found.']);
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe('opening a delivery file', () => {
  it('writes it whole to a folder of its own, then opens it with the system app', async () => {
    expect(await files().open(9, 'resources/cover.jpg')).toEqual({ fileName: 'cover.jpg' });
    expect(opened).toHaveLength(1);
    expect(opened[0].startsWith(join(root, 'open'))).toBe(true);
    expect(opened[0].endsWith('cover.jpg')).toBe(true);
    expect(readFileSync(opened[0]).equals(BYTES)).toBe(true);
    expect(readdirSync(dirname(opened[0]))).toEqual(['cover.jpg']);
  });

  it('says why when the system cannot open it; a failed download opens nothing and leaves nothing', async () => {
    openAnswer = 'No application is registered for this file type';
    await expect(files().open(9, 'a.bin')).rejects.toMatchObject({
      code: 'open_failed',
      message: 'a.bin could not be opened: No application is registered for this file type',
    });
    openAnswer = '';
    opened = [];
    respond = brokenBody;
    const svc = files();
    await expect(svc.open(9, 'b.bin')).rejects.toThrow();
    expect(opened).toEqual([]);
    const leftovers = readdirSync(join(root, 'open'), { recursive: true })
      .map(String)
      .filter((n) => n.endsWith('b.bin') || n.endsWith('.part'));
    expect(leftovers).toEqual([]);
  });

  it('the browser host (no system opener) refuses Open in plain words', async () => {
    const host = new DeliveryFiles({ api, chooseTarget: async () => null });
    await expect(host.open(9, 'a.xml')).rejects.toMatchObject({ code: 'unsupported', message: OPEN_UNSUPPORTED });
    expect(seen).toEqual([]);
  });
});

describe('file names and channels', () => {
  it('names the file by its last path segment, never a path, an empty name or dots', () => {
    expect(deliveryFileName('A1/resources/ern.xml')).toBe('ern.xml');
    expect(deliveryFileName('a\\b\\c.wav')).toBe('c.wav');
    expect(deliveryFileName('x/a:b*?.xml')).toBe('a_b__.xml');
    expect(deliveryFileName('x/..')).toBe('delivery-file');
    expect(deliveryFileName('/')).toBe('delivery-file');
  });

  it('the bridge channels validate their requests and reach the service', async () => {
    expect(channels.deliveryFileSave.request.safeParse({ deliveryId: 1, path: '' }).success).toBe(false);
    expect(channels.deliveryFileOpen.request.safeParse({ deliveryId: 0, path: 'a' }).success).toBe(false);
    expect(channels.deliveryFileSave.request.safeParse({ deliveryId: 1, path: 'a', extra: 1 }).success).toBe(false);
    const handlers = deliveryFilesHandlers({ deliveryFiles: files() });
    const ctx = {} as Parameters<typeof handlers.deliveryFileSave>[1];
    expect(await handlers.deliveryFileSave({ deliveryId: 3, path: 'p/q.xml' }, ctx)).toEqual({ saved: true, fileName: 'q.xml' });
    expect(existsSync(join(folder, 'q.xml'))).toBe(true);
    expect(await handlers.deliveryFileOpen({ deliveryId: 3, path: 'p/q.xml' }, ctx)).toEqual({ fileName: 'q.xml' });
  });
});
