/**
 * exportStart / exportCancel through dispatch: one channel for every CSV main saves (the
 * ExportRequest union, by kind); the file comes from main; the export source calls each
 * kind's declared endpoint (a search: listEndpoints(type).export) through the API client.
 */
import { describe, expect, it, vi } from 'vitest';
import { dispatch, type Handlers } from '../../main/bridge';
import { exportsHandlers } from '../../main/bridge/handlers/exports';
import type { MainServices } from '../../main/services';
import { ApiClient } from '../../main/services/api-client';
import { ExportHistory } from '../../main/services/export-history';
import { createMemoryBackend } from '../../main/services/settings';
import { apiExportSource, type ExportJob, type ExportRequest } from '../../main/services/exports';

const ctx = { transport: 'host', origin: 'http://127.0.0.1:1' } as const;

function setup(target: string | null, showInFolder?: (path: string) => void) {
  const start = vi.fn((_req: ExportRequest, t: string): ExportJob => ({
    exportId: 'e1',
    fileName: t.split('/').pop()!,
    done: new Promise(() => {}),
  }));
  const cancel = vi.fn(() => true);
  const chooseTarget = vi.fn(async (name: string) => (target === null ? null : `${target}/${name}`));
  const history = new ExportHistory(createMemoryBackend());
  const services = {
    exports: { service: { start, cancel }, chooseTarget, targets: new Map<string, string>(), showInFolder, history },
  } as unknown as MainServices;
  return { handlers: exportsHandlers(services) as unknown as Handlers, start, cancel, chooseTarget, history };
}

/** An API client whose requests answer `body`, and the URLs it was asked for. */
function fakeApi(body: string) {
  const urls: string[] = [];
  const api = new ApiClient({
    apiUrl: 'http://127.0.0.1:9000',
    session: { withAccessToken: (call) => call('tok'), activeBrand: undefined },
    fetch: (async (url: string) => {
      urls.push(url);
      return new Response(body);
    }) as unknown as typeof fetch,
  });
  return { api, urls };
}

describe('export handlers', () => {
  it('starts the export of a search (its type, filters, order and columns) and lets main pick the file', async () => {
    const s = setup('/downloads');
    const asked = {
      kind: 'search',
      type: 'dj_profiles',
      filters: { dj_name: 'a b', q: 'x' },
      orderBy: '-id',
      columns: ['dj_slug'],
    } as const;
    const r = await dispatch(s.handlers, 'exportStart', asked, ctx);
    expect(r).toMatchObject({ ok: true, value: { started: true, exportId: 'e1', folder: '/downloads' } });
    const [req, target] = s.start.mock.calls[0];
    expect(req).toEqual(asked);
    expect(target).toMatch(/^\/downloads\/dj_profiles-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it("the export source streams the type's declared export endpoint with its filters, order and columns encoded", async () => {
    const { api, urls } = fakeApi('id\n');
    const source = apiExportSource(api);
    const res = await source(
      { kind: 'search', type: 'dj_profiles', filters: { dj_name: 'a b' }, orderBy: '-id', columns: ['dj_slug'] },
      new AbortController().signal,
    );
    expect(await res.text()).toBe('id\n');
    expect(urls).toEqual([
      'http://127.0.0.1:9000/v4/content-ops/dj-profiles/export/?type=dj_profiles&columns=dj_slug&dj_name=a%20b&order_by=-id',
    ]);
    await expect(source({ kind: 'search', type: 'nope', filters: {} }, new AbortController().signal)).rejects.toThrow(
      'Unknown search type nope',
    );
  });

  it("an order's items CSV: main picks the file, the source streams the order's items/download/", async () => {
    const s = setup('/downloads');
    const r = await dispatch(s.handlers, 'exportStart', { kind: 'orderItems', orderId: 42 }, ctx);
    expect(r).toMatchObject({ ok: true, value: { started: true, exportId: 'e1' } });
    const [req, target] = s.start.mock.calls[0];
    expect(req).toEqual({ kind: 'orderItems', orderId: 42 });
    expect(target).toMatch(/^\/downloads\/order-42-items-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await dispatch(s.handlers, 'exportStart', { kind: 'orderItems', orderId: -1 }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    const { api, urls } = fakeApi('Order Item ID\n');
    await apiExportSource(api)(req, new AbortController().signal);
    expect(urls).toEqual(['http://127.0.0.1:9000/v4/accounts/orders/42/items/download/']);
  });

  it('the new-user export of two days: main picks the file, the source streams new-users-csv/download/ with the range', async () => {
    const s = setup('/downloads');
    const r = await dispatch(s.handlers, 'exportStart', { kind: 'newUsers', from: '2026-02-10', to: '2026-02-11' }, ctx);
    expect(r).toMatchObject({ ok: true, value: { started: true, exportId: 'e1' } });
    const [req, target] = s.start.mock.calls[0];
    expect(req).toEqual({ kind: 'newUsers', from: '2026-02-10', to: '2026-02-11' });
    expect(target).toMatch(/^\/downloads\/new-users-2026-02-10-to-2026-02-11-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await dispatch(s.handlers, 'exportStart', { kind: 'newUsers', from: 'x', to: '2026-02-11' }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    const { api, urls } = fakeApi('ID\n');
    await apiExportSource(api)(req, new AbortController().signal);
    expect(urls).toEqual(['http://127.0.0.1:9000/v4/accounts/new-users-csv/download/?from=2026-02-10&to=2026-02-11']);
  });

  it("the users CSV of the search's filters: the source streams users-csv/download/ with them and the order", async () => {
    const s = setup('/downloads');
    expect(
      await dispatch(s.handlers, 'exportStart', { kind: 'users', filters: { email: 'a@example.com' }, orderBy: '-registered_at' }, ctx),
    ).toMatchObject({ ok: true, value: { started: true } });
    const [req, target] = s.start.mock.calls[0];
    expect(req).toEqual({ kind: 'users', filters: { email: 'a@example.com' }, orderBy: '-registered_at' });
    expect(target).toMatch(/^\/downloads\/users-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await dispatch(s.handlers, 'exportStart', { kind: 'users', filters: { 'bad key': 'x' } }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    const { api, urls } = fakeApi('ID\n');
    await apiExportSource(api)(req, new AbortController().signal);
    expect(urls).toEqual(['http://127.0.0.1:9000/v4/accounts/users-csv/download/?email=a%40example.com&order_by=-registered_at']);
  });

  it("a user's order items: the source streams users/{id}/order-items-csv/download/", async () => {
    const s = setup('/downloads');
    expect(await dispatch(s.handlers, 'exportStart', { kind: 'userOrderItems', userId: 7 }, ctx)).toMatchObject({
      ok: true,
      value: { started: true },
    });
    const [req, target] = s.start.mock.calls[0];
    expect(req).toEqual({ kind: 'userOrderItems', userId: 7 });
    expect(target).toMatch(/^\/downloads\/user-7-order-items-\d{4}-\d{2}-\d{2}\.csv$/);
    const { api, urls } = fakeApi('Order ID\n');
    await apiExportSource(api)(req, new AbortController().signal);
    expect(urls).toEqual(['http://127.0.0.1:9000/v4/accounts/users/7/order-items-csv/download/']);
  });

  it("a label's catalogue CSV: main picks the file, the source streams the label's download-csv/", async () => {
    const s = setup('/downloads');
    const r = await dispatch(s.handlers, 'exportStart', { kind: 'labelCsv', labelId: 7 }, ctx);
    expect(r).toMatchObject({ ok: true, value: { started: true, exportId: 'e1' } });
    const [req, target] = s.start.mock.calls[0];
    expect(req).toEqual({ kind: 'labelCsv', labelId: 7 });
    expect(target).toMatch(/^\/downloads\/label-7-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await dispatch(s.handlers, 'exportStart', { kind: 'labelCsv', labelId: 0 }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    const { api, urls } = fakeApi('Release ID\n');
    await apiExportSource(api)(req, new AbortController().signal);
    expect(urls).toEqual(['http://127.0.0.1:9000/v4/catalog/labels/7/download-csv/']);
  });

  it("a supplier's statements CSV (one statement's lines, or all): main picks the file, the source streams statements/download-csv/", async () => {
    const s = setup('/downloads');
    const r = await dispatch(s.handlers, 'exportStart', { kind: 'supplierStatements', supplierId: 7, statementId: 31 }, ctx);
    expect(r).toMatchObject({ ok: true, value: { started: true, exportId: 'e1' } });
    const [one, target] = s.start.mock.calls[0];
    expect(one).toEqual({ kind: 'supplierStatements', supplierId: 7, statementId: 31 });
    expect(target).toMatch(/^\/downloads\/statement-31-\d{4}-\d{2}-\d{2}\.csv$/);
    await dispatch(s.handlers, 'exportStart', { kind: 'supplierStatements', supplierId: 7 }, ctx);
    const [all, allTarget] = s.start.mock.calls[1];
    expect(allTarget).toMatch(/^\/downloads\/statements-supplier-7-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await dispatch(s.handlers, 'exportStart', { kind: 'supplierStatements', supplierId: 0 }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    const { api, urls } = fakeApi('Statement ID\n');
    await apiExportSource(api)(one, new AbortController().signal);
    await apiExportSource(api)(all, new AbortController().signal);
    expect(urls).toEqual([
      'http://127.0.0.1:9000/v4/catalog/suppliers/7/statements/download-csv/?statement_id=31',
      'http://127.0.0.1:9000/v4/catalog/suppliers/7/statements/download-csv/',
    ]);
  });

  it("a finished sales-export job's CSV: main picks the file, the source streams the job's csv/", async () => {
    const s = setup('/downloads');
    const r = await dispatch(s.handlers, 'exportStart', { kind: 'salesJob', jobId: 7 }, ctx);
    expect(r).toMatchObject({ ok: true, value: { started: true, exportId: 'e1' } });
    const [req, target] = s.start.mock.calls[0];
    expect(req).toEqual({ kind: 'salesJob', jobId: 7 });
    expect(target).toMatch(/^\/downloads\/sales-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await dispatch(s.handlers, 'exportStart', { kind: 'salesJob', jobId: 0 }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    const { api, urls } = fakeApi('sale_date\n');
    await apiExportSource(api)(req, new AbortController().signal);
    expect(urls).toEqual(['http://127.0.0.1:9000/v4/jobs/sales-export/7/csv/']);
  });

  it('answers started: false when the user dismisses the save dialog', async () => {
    const s = setup(null);
    expect(await dispatch(s.handlers, 'exportStart', { kind: 'search', type: 'tracks', filters: {} }, ctx)).toEqual({
      ok: true,
      value: { started: false },
    });
    expect(s.start).not.toHaveBeenCalled();
  });

  it('refuses unknown types and malformed filter names before any request', async () => {
    const s = setup('/d');
    expect(await dispatch(s.handlers, 'exportStart', { kind: 'search', type: 'nope', filters: {} }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    expect(await dispatch(s.handlers, 'exportStart', { kind: 'search', type: 'tracks', filters: { 'a&b': '1' } }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    expect(await dispatch(s.handlers, 'exportStart', { kind: 'search', type: '../x', filters: {} }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    // A request names its kind, one of the union's; each kind takes its own fields only.
    for (const req of [
      { type: 'tracks', filters: {} },
      { kind: 'nope' },
      { kind: 'orderItems', orderId: 1, type: 'tracks' },
      { kind: 'labelCsv', orderId: 1 },
    ]) {
      expect(await dispatch(s.handlers, 'exportStart', req, ctx), JSON.stringify(req)).toMatchObject({
        ok: false,
        error: { code: 'invalid_request' },
      });
    }
    expect(s.start).not.toHaveBeenCalled();
    expect(s.chooseTarget).not.toHaveBeenCalled();
  });

  it('cancels by id', async () => {
    const s = setup('/d');
    expect(await dispatch(s.handlers, 'exportCancel', { exportId: 'e1' }, ctx)).toEqual({ ok: true, value: { ok: true } });
    expect(s.cancel).toHaveBeenCalledWith('e1');
  });

  it("shows a started export's file in its folder where the transport can (Electron), else answers its path (browser host)", async () => {
    const shown: string[] = [];
    const electron = setup('/downloads', (p) => shown.push(p));
    await dispatch(electron.handlers, 'exportStart', { kind: 'search', type: 'tracks', filters: {} }, ctx);
    const r = await dispatch(electron.handlers, 'exportShowInFolder', { exportId: 'e1' }, ctx);
    expect(r).toMatchObject({ ok: true, value: { shown: true, path: expect.stringMatching(/^\/downloads\/tracks-[\d-]+\.csv$/) } });
    expect(shown).toEqual([(r as { value: { path: string } }).value.path]);

    const host = setup('/downloads');
    await dispatch(host.handlers, 'exportStart', { kind: 'search', type: 'tracks', filters: {} }, ctx);
    expect(await dispatch(host.handlers, 'exportShowInFolder', { exportId: 'e1' }, ctx)).toMatchObject({
      ok: true,
      value: { shown: false, path: expect.stringMatching(/^\/downloads\/tracks-/) },
    });
  });

  it('shows only files of exports it started: an unknown id is refused, a path is not a request', async () => {
    const shown: string[] = [];
    const s = setup('/downloads', (p) => shown.push(p));
    expect(await dispatch(s.handlers, 'exportShowInFolder', { exportId: 'nope' }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    expect(await dispatch(s.handlers, 'exportShowInFolder', { exportId: 'e1', path: '/etc/passwd' }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    expect(shown).toEqual([]);
  });

  it('exportHistory answers main\'s history; "Show in folder" also opens a file from the history (an export of an earlier launch)', async () => {
    const shown: string[] = [];
    const s = setup('/downloads', (p) => shown.push(p));
    const entry = {
      exportId: 'old1',
      kind: 'search' as const,
      what: 'Tracks search',
      filters: { title: 'a' },
      fileName: 'tracks.csv',
      path: '/downloads/tracks.csv',
      folder: '/downloads',
      state: 'done' as const,
      rows: 5,
      startedAt: '2026-11-23T10:00:00.000Z',
      finishedAt: '2026-11-23T10:00:01.000Z',
    };
    s.history.add(entry);
    expect(await dispatch(s.handlers, 'exportHistory', {}, ctx)).toEqual({ ok: true, value: { entries: [entry] } });
    expect(await dispatch(s.handlers, 'exportShowInFolder', { exportId: 'old1' }, ctx)).toEqual({
      ok: true,
      value: { shown: true, path: '/downloads/tracks.csv' },
    });
    expect(shown).toEqual(['/downloads/tracks.csv']);
  });
});
