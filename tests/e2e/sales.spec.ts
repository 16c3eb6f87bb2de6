/**
 * Sales end to end in Chromium against the sandbox API: finance opens the summary for the
 * last 24 months and the charts draw; exports the detail to a CSV through a sales-export
 * job whose rows match the screen's count; a supplier sees only its own lines; a job that
 * outlives main's wait shows "Request Timed Out". The screen through axe at 1440 and 390 px.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { MSG } from '../../shared/messages';
import { test, expect, gotoOn, startConsoleHost } from './fixtures';
import { copyTemplateSandbox } from '../fixtures/seed-template';
import { signIn } from './helpers/sign-in';
import { choose, chooseBySearch, expectAccessible, listRows } from './helpers/records';
import { signInElsewhere, type OtherClient } from './helpers/other-client';
import { downloadedFile } from './helpers/downloads';
import { defaultSalesRange } from '../../renderer/features/sales/sales-months';

const account = (u: string) => SANDBOX_ACCOUNTS.find((a) => a.username === u)!;

test('finance opens the sales summary for the last 12 months and this one, the charts draw, and the detail exports to CSV', async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(180_000);
  await signIn(page, gotoConsole, account('finance'), '/sales');
  await expect(page.getByTestId('sales-page')).toBeVisible();
  await page.getByTestId('sales-run').click();
  for (const chart of ['sales-chart-time', 'sales-chart-store', 'sales-chart-sale-type', 'sales-chart-genre']) {
    await expect(page.getByTestId(chart).locator('canvas').first()).toBeVisible({ timeout: 60_000 });
  }
  const countText = (await page.getByTestId('sales-line-count').textContent()) ?? '';
  const count = Number(/^([\d,]+) sales lines?/.exec(countText)![1].replace(/,/g, ''));
  expect(count).toBeGreaterThan(0);
  await expectAccessible(page, 'sales');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'sales at 390 px');
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByTestId('export-button').click();
  const done = page.getByText(/^Exported [\d,]+ rows to sales-\d{4}-\d{2}-\d{2}( \(\d+\))?\.csv$/);
  await expect(done).toBeVisible({ timeout: 120_000 });
  const name = /to (sales-.+\.csv)$/.exec((await done.textContent()) ?? '')![1];
  const file = downloadedFile(name);
  const rows = parse(readFileSync(file, 'utf8')) as string[][];
  rmSync(file, { force: true });
  expect(rows[0].slice(0, 3)).toEqual(['sale_date', 'brand', 'store']);
  expect(rows.length - 1).toBe(count);
  expect(new Set(rows.slice(1).map((r) => r[1]))).toEqual(new Set(['brand:dj']));
});

test('a supplier sees only its own sales lines', async ({ page, gotoConsole, consoleHost }) => {
  test.setTimeout(120_000);
  // The supplier's own labels, as the API lists them to it (a supplier sees only its own).
  const helper = await signInElsewhere(consoleHost, 'supplier', 'sandbox-supplier');
  const own = new Set((await listRows(helper, '/v4/catalog/labels/?per_page=100')).map((l) => l.name as string));
  await helper.end();
  await signIn(page, gotoConsole, account('supplier'), '/sales');
  await page.getByTestId('sales-run').click();
  await expect(page.getByTestId('sales-lines')).toBeVisible({ timeout: 60_000 });
  const labels = await page.getByTestId('sales-lines').locator('tbody tr td:nth-child(5)').allTextContents();
  expect(labels.length).toBeGreaterThan(0);
  for (const l of labels) expect(own.has(l), l).toBe(true);
});

test("the dashboard shows finance its brand's sales of the month and the chart draws; content ops the deliveries needing attention", async ({
  page,
  gotoConsole,
}) => {
  test.setTimeout(120_000);
  await signIn(page, gotoConsole, account('finance'), '/dashboard');
  await expect(page.getByTestId('dashboard-sales')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('dashboard-chart').locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  // Followers of the brand, the most followed linking to their records.
  const followers = page.getByTestId('dashboard-followers');
  await expect(followers).toContainText(/new this month \(same days last month: [\d,]+\)/);
  await expect(followers.getByRole('link').first()).toHaveAttribute('href', /\/(artists|labels)\/\d+$/);
  await expect(page.getByTestId('dashboard-deliveries')).toHaveCount(0);
  await expectAccessible(page, 'dashboard');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'dashboard at 390 px');
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, gotoConsole, account('contentops'), '/dashboard');
  await expect(page.getByTestId('dashboard-deliveries')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('dashboard-sales')).toHaveCount(0);
});

/** The screen's default range as it sends it: the first of the month 24 months back, to today (local days). */
/** The range /sales opens on (renderer/features/sales/sales-months.ts). */
function defaultRange() {
  const [start, end] = defaultSalesRange();
  return { start_date: start.format('YYYY-MM-DD'), end_date: end.format('YYYY-MM-DD') };
}

/** A sales summary job started by another client, polled until it is done. */
async function summaryOf(client: OtherClient, filters: Record<string, unknown>) {
  const started = await client.call('POST', '/v4/jobs/sales/', { body: filters });
  expect(started.status).toBe(202);
  const id = (started.body as { id: number }).id;
  let result: { line_count: number; lines: { sale_type: string; genre: string | null; label: string }[] } | undefined;
  await expect
    .poll(
      async () => {
        const j = (await client.call('GET', `/v4/jobs/sales/${id}/`)).body as { state: string; result: typeof result };
        result = j.result;
        return j.state;
      },
      { timeout: 60_000 },
    )
    .toBe('DONE');
  return result!;
}

test('finance narrows the sales by sale type, genre and label: the screen counts the lines the API counts for the same filters', async ({
  page,
  gotoConsole,
  consoleHost,
}) => {
  test.setTimeout(180_000);
  const helper = await signInElsewhere(consoleHost, 'finance', 'sandbox-finance');
  const range = { ...defaultRange(), brand: 'brand:dj' };
  const line = (await summaryOf(helper, range)).lines.find((l) => l.genre)!;
  const saleTypes = (await helper.call('GET', '/v4/auxiliary/sale-types/')).body as { results: { id: number; name: string }[] };
  const genres = (await helper.call('GET', '/v4/auxiliary/genres/')).body as { results: { id: number; name: string }[] };
  const labels = await listRows(helper, `/v4/catalog/labels/?q=${encodeURIComponent(line.label)}&per_page=10`);
  const filters = {
    ...range,
    sale_type_id: saleTypes.results.find((t) => t.name === line.sale_type)!.id,
    genre_id: genres.results.find((g) => g.name === line.genre)!.id,
    label_id: labels.find((l) => l.name === line.label)!.id as number,
  };
  const expected = (await summaryOf(helper, filters)).line_count;
  await helper.end();
  expect(expected).toBeGreaterThan(0);

  await signIn(page, gotoConsole, account('finance'), '/sales');
  await choose(page, 'sales-sale-type', line.sale_type);
  await choose(page, 'sales-genre', line.genre!);
  await chooseBySearch(page, 'sales-label', line.label);
  await page.getByTestId('sales-run').click();
  await expect(page.getByTestId('sales-line-count')).toContainText(`${expected.toLocaleString('en-US')} sales line`, { timeout: 60_000 });
  await expectAccessible(page, 'sales with filters');
});

/**
 * A sandbox API that runs no job worker (`--no-worker`, as when the worker processes are
 * down or busy): every job it is given stays queued, so it outlives any wait.
 */
async function startApiWithoutWorker() {
  const cli = resolve(fileURLToPath(new URL('../../dist/server/cli.mjs', import.meta.url)));
  // On a copy of the seeded template's sandbox when the run made one, else seeded in memory.
  const dir = mkdtempSync(join(tmpdir(), 'sales-no-worker-'));
  const where = copyTemplateSandbox(dir) ? ['--data-dir', join(dir, 'sandbox', 'pglite')] : ['--memory'];
  const child = fork(cli, [...where, '--sandbox', '--no-worker'], {
    env: { ...process.env, API_PORT: '0', IDP_PORT: '0', SFTP_PORT: '0', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ api: string; idp: string }>((res, rej) => {
    child.on('message', (m) => (m as { type?: string }).type === 'ready' && res(m as { api: string; idp: string }));
    child.once('exit', (code) => rej(new Error(`the API exited with ${code}`)));
  });
  const ended = () =>
    new Promise<void>((res) => (child.exitCode !== null ? res() : (child.once('exit', () => res()), child.kill('SIGTERM'))));
  return {
    ...ready,
    stop: async () => {
      await ended();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test('a sales job that outlives main\'s wait shows "Request Timed Out" (§4: 120 s; CONSOLE_JOB_TIMEOUT_MS shortens it here)', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const api = await startApiWithoutWorker();
  // main's wait shortened to 3 s for this host only (main/config.ts jobTimeoutMsFromEnv); the 120 s itself is held by tests/main/job-poller.test.ts.
  const { host, stop } = await startConsoleHost({ API_URL: api.api, IDP_URL: api.idp, CONSOLE_JOB_TIMEOUT_MS: '3000' });
  try {
    // The API really holds jobs back: one started elsewhere stays queued.
    const helper = await signInElsewhere(host, 'finance', 'sandbox-finance');
    const started = await helper.call('POST', '/v4/jobs/sales/', { body: { start_date: '2024-01-01', end_date: '2024-12-31' } });
    expect(started.status).toBe(202);
    const job = (started.body as { id: number }).id;
    await helper.end().catch(() => undefined);

    const goto = gotoOn(host);
    await signIn(page, goto, account('finance'), '/sales');
    await page.getByTestId('sales-run').click();
    await expect(page.getByTestId('sales-job-progress')).toContainText('Adding up the sales: queued');
    await expect(page.getByTestId('sales-error')).toHaveText(MSG.requestTimedOut, { timeout: 30_000 });
    expect(MSG.requestTimedOut).toBe('Request Timed Out');
    await expect(page.getByTestId('sales-job-progress')).toHaveCount(0);
    await expect(page.getByTestId('sales-run')).toBeEnabled();

    const later = await signInElsewhere(host, 'finance', 'sandbox-finance');
    expect(((await later.call('GET', `/v4/jobs/sales/${job}/`)).body as { state: string }).state).toBe('PENDING');
    await later.end().catch(() => undefined);
  } finally {
    await stop();
    await api.stop();
  }
});
