/**
 * Packaging end to end in Chromium through the browser host (issue 6): from a folder
 * of sox-generated WAV, FLAC and AIFF (plus one corrupt and one unsupported file) a
 * package is built through the wizard, and the output folder holds what the Finish
 * step promised; the XML validates against ERN 4.3 and its MD5s match md5sum.
 *
 * The fixture folders live under the home folder, where the host's folder browser
 * lists; main reads only what is chosen through it (the cover art file, the audio
 * folder, the output folder).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ddexPartyId } from '../../shared/packaging/rules';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { api, signIn as apiSignIn } from '../server/helpers';
import { corruptFlac, md5sum, png, tone, unsupported } from '../fixtures/audio';
import { xmllint } from '../fixtures/ddex';
import { test, expect } from './fixtures';
import { shot } from './helpers/shots';
import { signIn, type Goto } from './helpers/sign-in';
import type { Page } from '@playwright/test';
import { browseTo } from './helpers/folder-browser';
import { fillReleaseInfo, pickCoverAndAudio } from './helpers/packaging';

const account = (username: string) => SANDBOX_ACCOUNTS.find((a) => a.username === username)!;
const UPC = '036000291452';

let base: string;
test.beforeAll(() => {
  base = mkdtempSync(join(homedir(), 'pkg-e2e-'));
  const audio = join(base, 'audio');
  mkdirSync(audio);
  mkdirSync(join(base, 'out'));
  tone(audio, { name: '01 Opening.wav', seconds: 3 });
  tone(audio, {
    name: '02 Night Drive.flac',
    seconds: 2.5,
    bits: 24,
    rate: 48000,
    comments: ['TITLE=Night Drive', 'ARTIST=Tagged Artist', 'ISRC=GBABC2400002', 'BPM=124'],
  });
  tone(audio, { name: '03 Closing.aiff', seconds: 2 });
  corruptFlac(audio, '04 broken.flac');
  unsupported(audio, 'liner notes.mp3');
  png(base, 'cover.png', 1400, 1400);
});
test.afterAll(() => rmSync(base, { recursive: true, force: true }));

/** Waits until the draft main keeps (settings key packagingDraft, written by the autosave) passes `check`, as JSON. */
async function draftSaved(page: Page, gotoConsole: Goto, check: (json: string) => boolean): Promise<void> {
  const bridge = await gotoConsole.bridge!(page);
  await expect
    .poll(async () => check(JSON.stringify((await bridge.setting('packagingDraft')) ?? null)), { message: 'the draft is saved' })
    .toBe(true);
}

test('a sandbox supplier account builds a package from generated audio', async ({ page, gotoConsole, consoleHost }) => {
  test.setTimeout(180_000);
  // The sender: the supplier's own record, which main reads from /v4/my/supplier/.
  // The sandbox supplier's seeded record has a valid DDEX party id (checked here, so a
  // changed seed fails loudly instead of building as someone else).
  const server = { api: consoleHost.apiUrl, idp: consoleHost.idpUrl } as Parameters<typeof apiSignIn>[0];
  const supplierToken = (await apiSignIn(server, 'supplier', 'sandbox-supplier')).access_token;
  const own = await api(server, supplierToken, '/v4/my/supplier/');
  expect(own.status).toBe(200);
  expect(own.body.id).toBe(account('supplier').supplierId);
  const partyId = String(own.body.ddex_party_id ?? '');
  expect(partyId !== '' && ddexPartyId(partyId).valid).toBe(true);
  await signIn(page, gotoConsole, account('supplier'), '/packaging');
  await expect(page.getByRole('heading', { name: 'Packaging' })).toBeVisible();

  // Release Info: a wrong check digit is refused with its message, then corrected (with the rest filled).
  await page.getByLabel('UPC/EAN').fill('036000291453');
  await expect(page.getByText('UPC/EAN check digit is wrong')).toBeVisible();
  await fillReleaseInfo(page, UPC);
  await expect(page.getByText('UPC/EAN check digit is wrong')).toHaveCount(0);
  await shot(page, `packaging-1-release-info.png`, { fullPage: true });
  await page.getByRole('button', { name: 'Next' }).click();

  // Track Details: cover art and the audio folder through main's folder browser.
  await pickCoverAndAudio(page, base);
  const problems = page.getByTestId('scan-problems');
  await expect(problems).toContainText('04 broken.flac', { timeout: 30_000 });
  await expect(problems).toContainText('The audio header is incomplete');
  await expect(problems).toContainText('liner notes.mp3');
  await expect(problems).toContainText('Unsupported file type .mp3');
  await expect(problems).not.toContainText('cover.png');
  await expect(page.getByTestId('track-row-3')).toBeVisible();

  // §4: drag track 3 to the top; it becomes 1 and the others renumber.
  await page.getByTestId('track-row-3').dragTo(page.getByTestId('track-row-1'));
  await expect(page.getByTestId('track-row-1')).toContainText('03 Closing.aiff');
  await expect(page.getByTestId('track-row-2')).toContainText('01 Opening.wav');
  await expect(page.getByTestId('track-row-3')).toContainText('Night Drive');
  // The buttons do the same: down then back up.
  await page.getByRole('button', { name: 'Move track 1 down', exact: true }).click();
  await expect(page.getByTestId('track-row-1')).toContainText('01 Opening.wav');
  await page.getByRole('button', { name: 'Move track 2 up', exact: true }).click();
  await expect(page.getByTestId('track-row-1')).toContainText('03 Closing.aiff');
  await expect(page.getByTestId('track-row-2')).toContainText('01 Opening.wav');
  await expect(page.getByTestId('track-row-3')).toContainText('Night Drive');

  await page.getByTestId('track-row-2').click();
  await shot(page, `packaging-2-track-details.png`, { fullPage: true });
  await page.getByTestId('track-row-2').click();
  for (const n of [1, 2, 3]) {
    await page.getByTestId(`track-row-${n}`).click();
    const isrc = page.getByLabel(`Track ${n} ISRC`);
    if (!(await isrc.inputValue())) await isrc.fill(`GB-ABC-24-0010${n}`);
    const artists = page.getByLabel(`Track ${n} artists`);
    if (
      !(await page
        .getByTestId(`track-row-${n}`)
        .locator('xpath=ancestor::div[contains(@class,"ant-collapse-item")]')
        .getByText('Tagged Artist')
        .count())
    ) {
      await artists.fill('Test Artist');
      await artists.press('Enter');
    }
    await page.getByLabel(`Track ${n} copyright holder`).fill('2026 Test Records');
    await page.getByTestId(`track-row-${n}`).click();
  }

  // Resumed in the same launch of the console, the draft's picks are still readable:
  // main rescans its folder, the cover art stays, nothing has to be chosen again.
  // Every track's copyright holder, not just the first one the autosave caught.
  await draftSaved(page, gotoConsole, (d) => d.split('"copyrightHolder":"2026 Test Records"').length - 1 === 3);
  await page.reload();
  await expect(page.getByText(/Resumed your draft/)).toBeVisible();
  await expect(page.getByTestId('track-row-3')).toContainText('Night Drive');
  await expect(page.getByTestId('cover-art-summary')).toContainText('1400×1400 PNG');
  await expect(page.getByTestId('repick')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();

  // Finish: no errors, the sender (the supplier's own record) checks out, an output folder, then build.
  await expect(page.getByLabel('Supplier', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('sender')).toContainText(`${String(own.body.name)} — ${partyId}`);
  await expect(page.getByTestId('sender')).toContainText('Valid DDEX Party ID');
  await expect(page.getByTestId('issues')).toContainText('Errors (0)');
  // Dates show as MM/DD/YYYY (§5); they were entered and are sent as YYYY-MM-DD.
  await expect(page.getByText('12/01/2026 / 12/01/2026')).toBeVisible();
  await page.getByRole('button', { name: 'Choose output folder…' }).click();
  const out = await browseTo(page, [base.split('/').pop()!, 'out']);
  await out.getByRole('button', { name: 'Choose this folder' }).click();
  await shot(page, `packaging-3-finish.png`, { fullPage: true });
  const promised = (await page.getByTestId('promised-files').locator('.ant-list-item').allInnerTexts()).map((t) => t.trim());
  await page.getByRole('button', { name: 'Build package' }).click();
  await expect(page.getByText('Package written')).toBeVisible({ timeout: 60_000 });
  await shot(page, `packaging-4-written.png`, { fullPage: true });

  // Main remembers the package: after a visit to the Dashboard it is still there to deliver.
  await page.getByTestId('nav-/dashboard').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('nav-/packaging').click();
  const built = page.getByTestId('built-package').filter({ hasText: `UPC ${UPC}` });
  await expect(built).toContainText('Not delivered');
  await built.getByRole('button', { name: 'Deliver…' }).click();
  await expect(page.getByTestId('deliver')).toBeVisible();
  await shot(page, `packaging-5-built.png`, { fullPage: true });

  // One batch folder: the release folder inside, BatchComplete beside it.
  const batches = readdirSync(join(base, 'out'));
  expect(batches).toHaveLength(1);
  expect(batches[0]).toMatch(/^\d{17}$/);
  const batch = join(base, 'out', batches[0]);
  const folder = join(batch, UPC);
  const written = [
    ...readdirSync(batch)
      .filter((f) => f !== UPC)
      .map((f) => `<batch id>/${f}`),
    ...readdirSync(folder)
      .filter((f) => f !== 'resources')
      .map((f) => `<batch id>/${UPC}/${f}`),
    ...readdirSync(join(folder, 'resources')).map((f) => `<batch id>/${UPC}/resources/${f}`),
  ].map((f) => f.replace(/BatchComplete_\d{17}\.xml$/, 'BatchComplete_<batch id>.xml'));
  expect(written.sort()).toEqual([...promised].sort());

  const xml = join(folder, `${UPC}.xml`);
  expect(xmllint(xml).ok).toBe(true);
  const first = execFileSync('xmllint', ['--xpath', 'string((//SoundRecording)[1]//File/URI)', xml], { encoding: 'utf8' }).trim();
  expect(first).toBe(`resources/${UPC}_01_001.aiff`);
  const firstMd5 = execFileSync('xmllint', ['--xpath', 'string((//SoundRecording)[1]//HashSumValue)', xml], { encoding: 'utf8' }).trim();
  expect(firstMd5).toBe(md5sum(join(folder, first)));
});

test('the draft autosaves, resumes after a reload and can be discarded with the confirm dialog', async ({ page, gotoConsole }) => {
  await signIn(page, gotoConsole, account('supplier'), '/packaging');
  await page.getByLabel('Release title').fill('Draft To Resume');
  await page.getByLabel('UPC/EAN').fill('4006381333931');
  await draftSaved(page, gotoConsole, (d) => d.includes('Draft To Resume') && d.includes('4006381333931'));
  await page.reload();
  await expect(page.getByText(/Resumed your draft/)).toBeVisible();
  await expect(page.getByLabel('Release title')).toHaveValue('Draft To Resume');

  await page.getByRole('button', { name: 'Discard draft' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Discard this packaging draft?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Release title')).toHaveValue('Draft To Resume');
  await page.getByRole('button', { name: 'Discard draft' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByLabel('Release title')).toHaveValue('');
  await draftSaved(page, gotoConsole, (d) => !d.includes('Draft To Resume'));
  await page.reload();
  await expect(page.getByLabel('Release title')).toHaveValue('');
  await expect(page.getByText(/Resumed your draft/)).toHaveCount(0);
});
