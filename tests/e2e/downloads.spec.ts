/**
 * The downloads panel (issue 18): a search export appears in the header's downloads
 * panel with what, filters, rows and where it was saved; a slow export can be cancelled
 * from the panel and leaves no file; the history survives a restart of the console;
 * the open panel passes axe at 1440 and 390 px.
 *
 * The console under test talks to the worker's sandbox through a small proxy that
 * slows down the tracks export only (a few bytes at a time), so cancelling it never
 * races its end.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import type { RunningHost, startHost as StartHost } from '../../main/host/index';
import { api, signIn as apiSignIn } from '../server/helpers';
import { test, expect, gotoOn } from './fixtures';
import { shot } from './helpers/shots';
import { signIn } from './helpers/sign-in';
import { axeFindings, sidewaysScroll } from './helpers/a11y';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const admin = SANDBOX_ACCOUNTS.find((a) => a.username === 'admin')!;

/** Forwards everything to `upstream`; the tracks export's body trickles (512 bytes every 100 ms). */
async function slowExportProxy(upstream: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const up = request(
      new URL(req.url ?? '/', upstream),
      { method: req.method, headers: { ...req.headers, host: new URL(upstream).host } },
      (ur) => {
        res.writeHead(ur.statusCode ?? 502, ur.headers);
        if (!/\/tracks\/export\//.test(req.url ?? '')) return void ur.pipe(res);
        let closed = false;
        res.on('close', () => {
          closed = true;
          ur.destroy();
        });
        void (async () => {
          for await (const chunk of ur as AsyncIterable<Buffer>) {
            for (let i = 0; i < chunk.length && !closed; i += 512) {
              res.write(chunk.subarray(i, i + 512));
              await new Promise((r) => setTimeout(r, 100));
            }
          }
          if (!closed) res.end();
        })().catch(() => res.destroy());
      },
    );
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function startOn(dataDir: string, apiUrl: string, idpUrl: string): Promise<RunningHost> {
  const mod = (await import(pathToFileURL(join(root, 'dist/host/index.mjs')).href)) as { startHost: typeof StartHost };
  return mod.startHost({ distDir: join(root, 'dist'), dataDir, apiUrl, idpUrl });
}

async function openPanel(page: Page) {
  await page.getByTestId('downloads-button').click();
  const panel = page.getByRole('dialog', { name: 'Downloads' });
  await expect(panel).toBeVisible();
  return panel;
}

test('downloads panel: an export is listed with its filters, rows and folder; a slow one is cancelled from the panel; the history survives a restart', async ({
  page,
  consoleHost,
}) => {
  test.setTimeout(240_000);
  const proxy = await slowExportProxy(consoleHost.apiUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'console-downloads-'));
  const downloads = mkdtempSync(join(tmpdir(), 'console-downloads-dir-'));
  process.env.CONSOLE_DOWNLOADS_DIR = downloads;
  let host = await startOn(dataDir, proxy.url, consoleHost.idpUrl);
  const goto = gotoOn(() => host);
  try {
    const { access_token: token } = await apiSignIn(
      { api: consoleHost.apiUrl, idp: consoleHost.idpUrl } as never,
      admin.username,
      admin.password,
    );
    const count = (await api({ api: consoleHost.apiUrl } as never, token, '/v4/catalog/releases/?title=a&per_page=1')).body.count as number;
    await signIn(page, goto, admin, '/catalog?type=releases&title=a');
    await expect(page.getByTestId('search-results').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await page.getByTestId('export-button').click();
    await expect(page.getByText(/^Exported [\d,]+ rows to releases-\d{4}-\d{2}-\d{2}\.csv$/)).toBeVisible({ timeout: 60_000 });
    const [file] = readdirSync(downloads);

    // The panel lists it: what, filters, rows, where; "Show in folder" gives the path in a browser.
    let panel = await openPanel(page);
    const done = panel.getByTestId('downloads-item').first();
    await expect(done).toHaveAttribute('data-state', 'done');
    await expect(done).toContainText(file);
    await expect(done).toContainText('Releases search');
    await expect(done).toContainText('title = a');
    await expect(done).toContainText(`${count.toLocaleString('en-US')} rows`);
    await expect(done).toContainText(`Saved in ${downloads}`);
    await done.getByTestId('downloads-show-in-folder').click();
    await expect(page.getByText(`Your browser cannot open folders. The file is at ${join(downloads, file)}`)).toBeVisible();

    // The open panel: axe (shell header and drawer) at 1440 and 390 px, no sideways scroll.
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expect(panel).toBeVisible();
      expect(await axeFindings(page, { include: ['.shell__header', '.ant-drawer'] }), `downloads panel at ${width} px: axe`).toEqual([]);
      expect(await sidewaysScroll(page), `downloads panel at ${width} px: sideways scroll`).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // A slow export (the proxy trickles it): running in the panel, with the badge; Cancel leaves no file.
    await goto(page, '/catalog?type=tracks');
    await expect(page.getByTestId('search-results').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await page.getByTestId('export-button').click();
    await expect(page.getByRole('button', { name: 'Downloads, 1 running' })).toBeVisible({ timeout: 20_000 });
    panel = await openPanel(page);
    const running = panel.getByTestId('downloads-item').first();
    await expect(running).toHaveAttribute('data-state', 'running');
    await expect(running).toContainText('Tracks search');
    await running.getByTestId('downloads-cancel').click();
    await expect(running).toHaveAttribute('data-state', 'cancelled');
    await expect(page.getByRole('button', { name: 'Downloads', exact: true })).toBeVisible();
    expect(readdirSync(downloads)).toEqual([file]);
    await shot(page, 'downloads-panel.png');

    // Restart the console: the history is main's, kept in its settings store.
    await host.stop();
    host = await startOn(dataDir, proxy.url, consoleHost.idpUrl);
    await signIn(page, goto, admin);
    panel = await openPanel(page);
    await expect(panel.getByTestId('downloads-item')).toHaveCount(2);
    await expect(panel.getByTestId('downloads-item').nth(0)).toHaveAttribute('data-state', 'cancelled');
    await expect(panel.getByTestId('downloads-item').nth(1)).toContainText(file);
    await expect(panel.getByTestId('downloads-item').nth(1)).toHaveAttribute('data-state', 'done');
  } finally {
    delete process.env.CONSOLE_DOWNLOADS_DIR;
    await host.stop();
    proxy.server.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(downloads, { recursive: true, force: true });
  }
});
