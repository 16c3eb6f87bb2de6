/**
 * A coupon's users from a CSV file through main (issue 16), against the real v4 server
 * in-process (PGlite, demo seed): only a file the user picked is read; main streams it to
 * the API over the couponUsersUpload channel; the API's refusals (no person_id/user_id
 * heading, rows naming no user with their lines) come back as its 400 body.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EventBus } from '../../main/bridge';
import { mediaHandlers } from '../../main/bridge/handlers/media';
import { ApiClient } from '../../main/services/api-client';
import { MediaService } from '../../main/services/media';
import { PackagingService } from '../../main/services/packaging';
import { SessionService } from '../../main/services/session';
import { createMemoryVault } from '../../main/services/token-vault';
import { BridgeError } from '../../shared/bridge';
import { MSG } from '../../shared/messages';
import { postSignInForm, startTestServer, type RunningServer } from '../server/helpers';

let server: RunningServer;
let dir: string;
let packaging: PackagingService;
let handlers: ReturnType<typeof mediaHandlers>;
let coupon = 0;
let users: number[] = [];

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtl: 600 });
  dir = mkdtempSync(join(tmpdir(), 'coupon-main-'));
  users = (await server.db.query<{ id: number }>('select id from users order by id desc limit 3')).map((r) => r.id);
  writeFileSync(join(dir, 'users.csv'), `name,user_id\nA,${users[0]}\nB,${users[1]}\n`);
  writeFileSync(join(dir, 'wrong.csv'), `id\n${users[0]}\n`);
  writeFileSync(join(dir, 'unknown.csv'), `person_id\n${users[2]}\n2000000000\n`);
  writeFileSync(join(dir, 'not-picked.csv'), `user_id\n${users[2]}\n`);
  [{ id: coupon }] = await server.db.query<{ id: number }>(
    "insert into coupons (brand, code, discount_type_id) values ('brand:dance', 'MAINCSV', 1) returning id",
  );
  const session = new SessionService({ idpUrl: server.idp, vault: createMemoryVault(), events: new EventBus() });
  const { url } = session.beginSignIn('http://127.0.0.1:53999/auth/verify');
  const back = new URL((await postSignInForm(url, 'support', 'sandbox-support')).headers.get('location')!).searchParams;
  await session.completeSignIn(back.get('code')!, back.get('state')!);
  await session.switchBrand('brand:dance');
  packaging = new PackagingService({ browseRoots: [dir], fetchSupplier: () => Promise.reject(new Error('unused')) });
  const media = new MediaService({
    api: new ApiClient({ apiUrl: server.api, session }),
    session,
    readPickedImage: (p, max) => packaging.readPickedImage(p, max),
    openPickedCsv: (p, max) => packaging.openPickedCsv(p, max),
  });
  handlers = mediaHandlers({ media });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const upload = (path: string) =>
  Promise.resolve(handlers.couponUsersUpload({ couponId: coupon, path }, {} as never)).catch((e: unknown) => e);
const stored = async () =>
  (await server.db.query<{ user_ids: number[] }>('select user_ids from coupons where id = $1', [coupon]))[0].user_ids;

it('refuses a file the user did not pick, before anything is sent', async () => {
  const err = await upload(join(dir, 'not-picked.csv'));
  expect([(err as BridgeError).code]).toEqual(['forbidden_path']);
  expect(await stored()).toEqual([]);
});

it('streams a picked CSV to the API: its users are added to the coupon', async () => {
  const picked = await packaging.browsePick(join(dir, 'users.csv'), 'csv');
  expect(await upload(picked.path)).toEqual({ rows: 2, added: 2, total: 2 });
  expect(await stored()).toEqual([users[1], users[0]]);
});

it("a wrong heading and unknown users come back as the API's 400 body; nothing is applied", async () => {
  const wrong = await upload((await packaging.browsePick(join(dir, 'wrong.csv'), 'csv')).path);
  expect(wrong).toBeInstanceOf(BridgeError);
  expect([(wrong as BridgeError).status, (wrong as BridgeError).detail]).toEqual([400, { file: [MSG.csvColumnRequired] }]);
  const unknown = await upload((await packaging.browsePick(join(dir, 'unknown.csv'), 'csv')).path);
  expect((unknown as BridgeError).detail).toEqual({
    file: ['1 row names no user; nothing was applied.'],
    unknown_rows: [{ line: 3, value: '2000000000' }],
  });
  expect(await stored()).toEqual([users[1], users[0]]);
});

it('an upload met by a 401 (the access token expired at the API) is resent whole after the refresh: main reopens the picked file', async () => {
  const many = (await server.db.query<{ id: number }>('select id from users order by id limit 2000')).map((r) => r.id);
  // Large enough that a consumed stream could not pass for the file (a truncated or empty body).
  writeFileSync(join(dir, 'many.csv'), `user_id\n${many.join('\n')}\n`);
  const picked = await packaging.browsePick(join(dir, 'many.csv'), 'csv');
  // The API stops accepting the session's access token; its refresh token still works.
  await server.db.query("update oauth_tokens set expires_at = now() - interval '1 second' where kind = 'access' and revoked_at is null");
  const answer = await upload(picked.path);
  expect(answer).toMatchObject({ rows: many.length });
  expect(await stored()).toEqual(expect.arrayContaining(many));
});

it('bulk credits from a picked CSV through main (creditsBulkUpload): the same file path and heading rule, once per Idempotency-Key', async () => {
  const credited = async () =>
    (
      await server.db.query<{ n: number }>('select count(*)::int as n from credits where user_id = any($1::int[])', [[users[0], users[1]]])
    )[0].n;
  const before = await credited();
  const picked = await packaging.browsePick(join(dir, 'users.csv'), 'csv');
  const send = (path: string, idempotencyKey: string) =>
    Promise.resolve(handlers.creditsBulkUpload({ path, amount: 3.5, currency: 'GBP', reason_id: 1, idempotencyKey }, {} as never)).catch(
      (e: unknown) => e,
    );
  expect(await send(picked.path, 'main-bulk-1')).toEqual({ count: 2, amount: '3.50', currency: 'GBP' });
  // The same submission again (a retried click) credits nobody twice.
  expect(await send(picked.path, 'main-bulk-1')).toEqual({ count: 2, amount: '3.50', currency: 'GBP' });
  expect(await credited()).toBe(before + 2);
  const wrong = await send((await packaging.browsePick(join(dir, 'wrong.csv'), 'csv')).path, 'main-bulk-2');
  expect([(wrong as BridgeError).status, (wrong as BridgeError).detail]).toEqual([400, { file: [MSG.csvColumnRequired] }]);
  expect(((await send(join(dir, 'not-picked.csv'), 'main-bulk-3')) as BridgeError).code).toBe('forbidden_path');
  expect(await credited()).toBe(before + 2);
});
