/**
 * Issue 15's round trip in Chromium through the browser host: the sandbox supplier builds
 * a package in the wizard from sox-made audio and delivers it from the Finish step over
 * SFTP to the sandbox's drop server, signed in with this console's delivery key (its
 * private half in the keychain). The store has not added the key yet: it is refused and
 * shown to copy; content ops adds it to the supplier's SFTP user, and "Deliver again"
 * delivers it. Content ops then sees it on /deliveries go to encoded without a reload,
 * and finds its tracks in search, CONVERTED, every §9 format in storage as ffprobe reads it
 * (codec, bit rate, duration within 50 ms of the source). The Finish step's delivery panel
 * through axe at 1440 and 390 px.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { PKG_MSG } from '../../shared/packaging/messages';
import { encodeProblems, png, soxi, tone } from '../fixtures/audio';
import { ENCODES } from '../../server/jobs/transcode';
import { test, expect } from './fixtures';
import { browseTo } from './helpers/folder-browser';
import { signInElsewhere, type OtherClient } from './helpers/other-client';
import { fillReleaseInfo, pickCoverAndAudio } from './helpers/packaging';
import { expectAccessible } from './helpers/records';
import { signIn } from './helpers/sign-in';

const account = (username: string) => SANDBOX_ACCOUNTS.find((a) => a.username === username)!;
const supplier = account('supplier');
const SFTP_USER = 'e2e-deliver';

/** A UPC-A (12 digits) with its check digit, from 11 digits. */
function upcOf(digits11: string): string {
  const sum = [...digits11].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${digits11}${(10 - (sum % 10)) % 10}`;
}

let base: string;
let contentops: OtherClient;
const stamp = String(Date.now()).slice(-7);
const UPC = upcOf(`0${stamp}123`);
const RELEASE = `Delivered EP ${stamp}`;
const TITLES = [`Delivered Opening ${stamp}`, `Delivered Closing ${stamp}`];

test.beforeAll(async ({ consoleHost }) => {
  base = mkdtempSync(join(homedir(), 'deliver-e2e-'));
  const audio = join(base, 'audio');
  mkdirSync(audio);
  mkdirSync(join(base, 'out'));
  // A WAV carries no tags: its title, ISRC and artist are typed in the wizard.
  tone(audio, { name: '01 opening.wav', seconds: 3, noise: true });
  tone(audio, {
    name: '02 closing.flac',
    seconds: 2,
    bits: 24,
    rate: 48000,
    noise: true,
    comments: [`TITLE=${TITLES[1]}`, 'ARTIST=Delivery Artist', `ISRC=GBDLV27${stamp.slice(-5)}`],
  });
  png(base, 'cover.png', 1400, 1400);
  contentops = await signInElsewhere(consoleHost, 'contentops', 'sandbox-contentops');
  const created = await contentops.call('POST', '/v4/content-ops/ftp-users/', {
    body: { supplier_id: supplier.supplierId, username: SFTP_USER },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
});
test.afterAll(async () => {
  await contentops?.end();
  if (base) rmSync(base, { recursive: true, force: true });
});

test('a supplier delivers a package from the wizard over SFTP; content ops sees it ingested and encoded, its tracks searchable', async ({
  page,
  gotoConsole,
  consoleHost,
}) => {
  test.setTimeout(300_000);
  await signIn(page, gotoConsole, supplier, '/packaging');
  await fillReleaseInfo(page, UPC);
  await page.getByLabel('Release title').fill(RELEASE);
  await page.getByRole('button', { name: 'Next' }).click();

  await pickCoverAndAudio(page, base);
  await expect(page.getByTestId('track-row-2')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('track-row-1').click();
  await page.getByLabel('Track 1 title').fill(TITLES[0]);
  await page.getByLabel('Track 1 ISRC').fill(`GB-DLV-26-${stamp.slice(-5)}`);
  await page.getByLabel('Track 1 artists').fill('Delivery Artist');
  await page.getByLabel('Track 1 artists').press('Enter');
  await page.getByTestId('track-row-1').click();
  for (const n of [1, 2]) {
    await page.getByTestId(`track-row-${n}`).click();
    await page.getByLabel(`Track ${n} copyright holder`).fill('2026 Delivery Records');
    await page.getByTestId(`track-row-${n}`).click();
  }
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByTestId('issues')).toContainText('Errors (0)');
  await page.getByRole('button', { name: 'Choose output folder…' }).click();
  const out = await browseTo(page, [base.split('/').pop()!, 'out']);
  await out.getByRole('button', { name: 'Choose this folder' }).click();
  await page.getByRole('button', { name: 'Build package' }).click();
  await expect(page.getByText('Package written')).toBeVisible({ timeout: 60_000 });
  const folder = (await page.getByTestId('package-folder').textContent())!.trim();
  const batch = folder.split('/').pop()!;

  // The store has not added this console's key to the SFTP user yet: refused, and the key is shown to give it.
  const panel = page.getByTestId('deliver');
  await panel.getByLabel('SFTP user name').fill(SFTP_USER);
  await panel.getByRole('button', { name: 'Deliver to the store' }).click();
  await expect(panel.getByTestId('deliver-error')).toContainText(PKG_MSG.deliverKeyRefused(SFTP_USER), { timeout: 30_000 });
  const publicKey = (await panel.getByTestId('deliver-public-key').textContent())!.trim();
  expect(publicKey).toMatch(/^ssh-ed25519 AAAA/);
  expect(await page.content()).not.toContain('PRIVATE KEY');
  await expectAccessible(page, 'Finish step, delivery key refused, at 1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'Finish step, delivery key refused, at 390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Content ops adds it to the supplier's SFTP user; delivering again goes through and names the batch.
  const users = (await contentops.call('GET', `/v4/content-ops/ftp-users/?supplier_id=${supplier.supplierId}`)).body as {
    results: { id: number; username: string }[];
  };
  const user = users.results.find((u) => u.username === SFTP_USER)!;
  expect((await contentops.call('POST', `/v4/content-ops/ftp-users/${user.id}/keys/`, { body: { public_key: publicKey } })).status).toBe(
    201,
  );
  await panel.getByRole('button', { name: 'Deliver again' }).click();
  await expect(panel.getByTestId('deliver-done')).toContainText(`Delivered to the store: batch ${batch}`, { timeout: 60_000 });
  await expectAccessible(page, 'Finish step, delivered, at 1440');

  // Content ops watches it on /deliveries: received, ingested, encoded, with no reload.
  await signIn(page, gotoConsole, account('contentops'), '/deliveries');
  const row = page.getByTestId('deliveries').locator('tr', { hasText: RELEASE });
  await expect(row).toBeVisible({ timeout: 60_000 });
  await expect(row.getByTestId('release-status')).toHaveText('encoded', { timeout: 180_000 });

  // Its tracks are in the catalogue, searchable, and CONVERTED.
  for (const title of TITLES) {
    await gotoConsole(page, `/search?type=tracks&q=${encodeURIComponent(title)}`);
    await expect(page.getByTestId('search-results')).toContainText(title, { timeout: 30_000 });
  }
  const releases = (await contentops.call('GET', `/v4/catalog/releases/?upc=${UPC}`)).body as { results: { id: number }[] };
  expect(releases.results).toHaveLength(1);
  const tracks = (await contentops.call('GET', `/v4/catalog/releases/${releases.results[0].id}/tracks/`)).body as {
    results: { id: number; title: string; encode_status: string }[];
  };
  expect(tracks.results.map((t) => [t.title, t.encode_status])).toEqual(TITLES.map((t) => [t, 'CONVERTED']));

  // Every §9 format of each track is in the sandbox's storage, and ffprobe finds what the encoder promises.
  const sources = [soxi(join(base, 'audio', '01 opening.wav')), soxi(join(base, 'audio', '02 closing.flac'))];
  const storage = join(consoleHost.dataDir, 'sandbox', 'storage');
  for (const [i, track] of tracks.results.entries()) {
    const files = (await contentops.call('GET', `/v4/catalog/tracks/${track.id}/audio-files/`)).body as {
      results: { format: string; storage_key: string; stored: boolean }[];
    };
    expect(files.results.map((f) => f.format).sort()).toEqual(ENCODES.map((e) => e.format).sort());
    for (const f of files.results) {
      expect(f.stored, f.format).toBe(true);
      expect(encodeProblems(f.format, join(storage, ...f.storage_key.split('/')), sources[i])).toEqual([]);
    }
  }
});
