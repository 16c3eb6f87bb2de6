/**
 * Deliveries end to end in Chromium against the sandbox API: a package built by main's
 * packaging service from sox-made audio is dropped into the sandbox (the SFTP drop's
 * stand-in, POST /v4/sandbox/deliveries/), and content ops sees it on /deliveries go from
 * release-received to encoded without a reload, opens it (timeline, files), and finds the
 * release's tracks CONVERTED. A delivery refused for its genre is re-ingested with an
 * override genre from its page; one with a damaged file is refused naming it, and ends
 * encoded once the file is sent again and re-ingested. Both screens through axe at 1440 and 390 px.
 */
import { copyFileSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { DELIVERY_MSG } from '../../shared/api/endpoints/deliveries';
import { DELIVERY_SELECTION_LIMIT } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { test, expect } from './fixtures';
import { signIn } from './helpers/sign-in';
import { signInElsewhere, type OtherClient } from './helpers/other-client';
import { chooseBySearch, expectAccessible } from './helpers/records';
import { packageMaker, type PackageMaker } from '../server/fixtures/packages';

const contentops = SANDBOX_ACCOUNTS.find((a) => a.username === 'contentops')!;
const SUPPLIER = 1;

let admin: OtherClient;
let maker: PackageMaker;
let dir: string;
let genre: { id: number; name: string };
test.beforeAll(async ({ consoleHost }) => {
  admin = await signInElsewhere(consoleHost, 'admin', 'sandbox-admin');
  dir = mkdtempSync(join(tmpdir(), 'e2e-deliveries-'));
  const labels = (await admin.call('GET', `/v4/catalog/suppliers/${SUPPLIER}/labels/`)).body as { results: { name: string }[] };
  const genres = (await admin.call('GET', '/v4/auxiliary/genres/')).body as { results: { id: number; name: string }[] };
  genre = genres.results[0];
  maker = await packageMaker(dir, { genre: genre.name, label: labels.results[0].name, supplier: 'Sandbox Supplier' }, [
    { name: 'a.wav', seconds: 3 },
    { name: 'b.flac', seconds: 2, bits: 24, rate: 48000 },
  ]);
});
test.afterAll(async () => {
  await maker?.close();
  await admin?.end();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function deliver(batch: string) {
  const r = await admin.call('POST', '/v4/sandbox/deliveries/', { body: { supplier_id: SUPPLIER, batch_dir: batch } });
  expect(r.status, JSON.stringify(r.body)).toBe(202);
}

test('content ops sees a delivered package go from release-received to encoded on /deliveries, and its tracks CONVERTED', async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(240_000);
  await signIn(page, gotoConsole, contentops, '/deliveries');
  await expect(page.getByRole('heading', { level: 1, name: 'Deliveries' })).toBeVisible();
  const { batch, upc } = await maker.build();
  await deliver(batch);
  const row = page.getByTestId('deliveries').locator('tr', { hasText: `Release ${upc}` });
  // The list polls: the new delivery appears and reaches encoded with no reload.
  await expect(row).toBeVisible({ timeout: 60_000 });
  await expect(row.getByTestId('release-status')).toHaveText('encoded', { timeout: 180_000 });
  await expectAccessible(page, '/deliveries at 1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, '/deliveries at 390');
  await page.setViewportSize({ width: 1440, height: 900 });

  await row.getByTestId('delivery-link').click();
  await expect(page.getByTestId('delivery-page')).toBeVisible();
  const events = page.getByTestId('delivery-event');
  await expect(events).toHaveCount(3);
  await expect(events.nth(0)).toContainText('release-received');
  await expect(events.nth(1)).toContainText('release-ingested');
  await expect(events.nth(2)).toContainText('encoded');
  await expect(page.getByTestId('delivery-files')).toContainText(`${upc}.xml`);
  await expect(page.getByTestId('delivery-no-reingest')).toHaveText('This delivery has been ingested.');
  await expectAccessible(page, 'delivery page at 1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'delivery page at 390');
  await page.setViewportSize({ width: 1440, height: 900 });

  const releases = (await admin.call('GET', `/v4/catalog/releases/?upc=${upc}`)).body as { results: { id: number }[] };
  const releaseId = releases.results.length ? releases.results[0].id : null;
  expect(releaseId).not.toBeNull();
  const tracks = (await admin.call('GET', `/v4/catalog/releases/${releaseId}/tracks/`)).body as { results: { encode_status: string }[] };
  expect(tracks.results.map((t) => t.encode_status)).toEqual(['CONVERTED', 'CONVERTED']);
});

test('a delivery refused for its genre is re-ingested with an override genre from its page and ends encoded', async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(240_000);
  await signIn(page, gotoConsole, contentops);
  const { batch, upc } = await maker.build({ genre: 'Genre Nobody Mapped' });
  await deliver(batch);
  await gotoConsole(page, '/deliveries');
  const row = page.getByTestId('deliveries').locator('tr', { hasText: `Release ${upc}` });
  await expect(row.getByTestId('release-status')).toHaveText('filter-error', { timeout: 60_000 });
  await expect(row).toContainText('genre not mapped for the supplier');
  await row.getByTestId('delivery-link').click();
  await chooseBySearch(page, 'delivery-override-genre', genre.name);
  await page.getByTestId('delivery-reingest').click();
  await expect(page.getByTestId('delivery-status')).toHaveText('encoded', { timeout: 180_000 });
  await expect(page.getByTestId('delivery-event')).toContainText([
    'release-received',
    'filter-error',
    'currently-reingesting',
    'release-ingested',
    'encoded',
  ]);
});

test('a package with one damaged file is refused with the file named and nothing in the catalogue; the supplier sends it again, content ops re-ingests, it ends encoded', async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(240_000);
  await signIn(page, gotoConsole, contentops);
  let damaged = '';
  const { batch, upc } = await maker.build({
    folder: (rd) => {
      const xml = readFileSync(join(rd, `${rd.split('/').pop()}.xml`), 'utf8');
      damaged = join(rd, /<URI>(resources\/[^<]*\.wav)<\/URI>/.exec(xml)![1]);
      copyFileSync(damaged, `${damaged}.good`);
      const bytes = readFileSync(damaged);
      for (let i = 4000; i < 4200; i++) bytes[i] ^= 0x5a; // damaged in transit: same size, other bytes
      writeFileSync(damaged, bytes);
    },
  });
  await deliver(batch);
  const name = damaged.slice(damaged.indexOf('resources/'));
  await gotoConsole(page, '/deliveries');
  const row = page.getByTestId('deliveries').locator('tr', { hasText: `Release ${upc}` });
  await expect(row.getByTestId('release-status')).toHaveText('ingest-error', { timeout: 60_000 });
  await expect(row).toContainText(`${name}: the file is not the one the XML describes (its MD5 differs): send it again`);
  expect((await admin.call('GET', `/v4/catalog/releases/?upc=${upc}`)).body).toMatchObject({ results: [] });

  // The supplier sends the right file to the same batch; content ops re-ingests from the delivery page.
  renameSync(`${damaged}.good`, damaged);
  await row.getByTestId('delivery-link').click();
  await page.getByTestId('delivery-reingest').click();
  await expect(page.getByTestId('delivery-status')).toHaveText('encoded', { timeout: 180_000 });
  await expect(page.getByTestId('delivery-event')).toContainText([
    'release-received',
    'ingest-error',
    'currently-reingesting',
    'release-ingested',
    'encoded',
  ]);
  const releases = (await admin.call('GET', `/v4/catalog/releases/?upc=${upc}`)).body as { results: { id: number }[] };
  expect(releases.results).toHaveLength(1);
});

test('from a delivery page content ops maps its genre for future deliveries, and a replacement XML that does not validate is refused', async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(180_000);
  await signIn(page, gotoConsole, contentops);
  const source = `Mapped Later ${Date.now()}`;
  const { batch, upc } = await maker.build({ genre: source });
  await deliver(batch);
  await gotoConsole(page, '/deliveries');
  const row = page.getByTestId('deliveries').locator('tr', { hasText: `Release ${upc}` });
  await expect(row.getByTestId('release-status')).toHaveText('filter-error', { timeout: 60_000 });
  await row.getByTestId('delivery-link').click();
  await chooseBySearch(page, 'delivery-map-genre', genre.name);
  await page.getByTestId('delivery-map-genre-save').click();
  await expect(page.getByText('Mapping saved: future deliveries of this supplier use it')).toBeVisible();
  const mappings = (await admin.call('GET', `/v4/catalog/suppliers/${SUPPLIER}/genre-mappings/`)).body as {
    results: { source_genre: string; genre: { id: number } | null }[];
  };
  expect(mappings.results.find((m) => m.source_genre === source)?.genre?.id).toBe(genre.id);

  await page.getByTestId('delivery-view-xml').click();
  await expect(page.getByTestId('delivery-xml')).toContainText('NewReleaseMessage');
  await page.getByTestId('delivery-edit-xml').click();
  await page.getByTestId('delivery-xml-input').fill('<NotAnErn/>');
  await page.getByTestId('delivery-save-xml').click();
  await expect(page.getByTestId('delivery-xml-error')).toContainText('The XML file did not validate against ERN 4.3');
  await expectAccessible(page, 'delivery XML dialog at 1440');
});

test("/old-deliveries: the selection is re-ingested from the bulk bar with the limit shown; refusals give the spec's message and each reason", async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(120_000);
  await signIn(page, gotoConsole, contentops, '/old-deliveries?type=deliveries&per_page=10&release_status=index-error');
  await expect(page.getByText(/^[\d,]+ results?$/)).toBeVisible();
  await page.getByTestId('search-results').locator('thead .ant-checkbox-input').click();
  const count = Number((await page.getByTestId('bulk-count').textContent())!.split(' ')[0]);
  expect(count).toBeGreaterThan(0);
  await page.getByTestId('bulk-bar').getByRole('button', { name: 'Re-ingest' }).click();
  await expect(page.getByTestId('resubmit-count')).toHaveText(
    `${count} selected. At most ${DELIVERY_SELECTION_LIMIT} deliveries can be re-ingested at once.`,
  );
  await expectAccessible(page, 'resubmit dialog at 1440');
  await page.getByRole('dialog').getByRole('button', { name: 'Re-ingest' }).click();
  const failed = page.getByTestId('resubmit-failed');
  await expect(failed).toContainText(MSG.resubmitDelivery);
  await expect(failed).toContainText(DELIVERY_MSG.noFiles);

  // The legacy search's record route opens the same delivery page.
  const [first] = ((await admin.call('GET', '/v4/delivery-inspector/deliveries/')).body as { results: { id: number; title: string }[] })
    .results;
  await gotoConsole(page, `/old-deliveries/deliveries/${first.id}`);
  await expect(page.getByTestId('delivery-page')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title);
});
