/**
 * exportStart / exportCancel through dispatch: the export names its search type and
 * query, the file comes from main; the export source calls the type's declared export
 * endpoint (listEndpoints(type).export) through the API client.
 */
import { describe, expect, it, vi } from 'vitest';
import { dispatch, type Handlers } from '../../main/bridge';
import { exportsHandlers } from '../../main/bridge/handlers/exports';
import type { MainServices } from '../../main/services';
import { ApiClient } from '../../main/services/api-client';
import { apiExportSource, type ExportJob, type ExportRequest } from '../../main/services/exports';

const ctx = { transport: 'host', origin: 'http://127.0.0.1:1' } as const;

function setup(target: string | null, showInFolder?: (path: string) => void) {
  const start = vi.fn((_req: ExportRequest, t: string): ExportJob => ({ exportId: 'e1', fileName: t.split('/').pop()!, done: new Promise(() => {}) }));
  const cancel = vi.fn(() => true);
  const chooseTarget = vi.fn(async (name: string) => (target === null ? null : `${target}/${name}`));
  const services = { exports: { service: { start, cancel }, chooseTarget, targets: new Map<string, string>(), showInFolder } } as unknown as MainServices;
  return { handlers: exportsHandlers(services) as unknown as Handlers, start, cancel, chooseTarget };
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
  it('starts the export of the search type with its query and lets main pick the file', async () => {
    const s = setup('/downloads');
    const r = await dispatch(s.handlers, 'exportStart', { type: 'dj_profiles', filters: { dj_name: 'a b', q: 'x' }, orderBy: '-id', columns: ['dj_slug'] }, ctx);
    expect(r).toMatchObject({ ok: true, value: { started: true, exportId: 'e1', folder: '/downloads' } });
    const [req, target] = s.start.mock.calls[0];
    expect(req).toEqual({ type: 'dj_profiles', query: { type: 'dj_profiles', dj_name: 'a b', q: 'x', order_by: '-id', columns: 'dj_slug' } });
    expect(target).toMatch(/^\/downloads\/dj_profiles-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('the export source streams the type\'s declared export endpoint with the query encoded', async () => {
    const { api, urls } = fakeApi('id\n');
    const source = apiExportSource(api);
    const res = await source({ type: 'dj_profiles', query: { type: 'dj_profiles', dj_name: 'a b', order_by: '-id', columns: 'dj_slug' } }, new AbortController().signal);
    expect(await res.text()).toBe('id\n');
    expect(urls).toEqual(['http://127.0.0.1:9000/v4/content-ops/dj-profiles/export/?type=dj_profiles&columns=dj_slug&dj_name=a%20b&order_by=-id']);
    await expect(source({ type: 'nope', query: {} }, new AbortController().signal)).rejects.toThrow('Unknown search type nope');
  });

  it('exportOrderItems saves an order\'s items CSV: main picks the file, the source streams the order\'s items/download/', async () => {
    const s = setup('/downloads');
    const r = await dispatch(s.handlers, 'exportOrderItems', { orderId: 42 }, ctx);
    expect(r).toMatchObject({ ok: true, value: { started: true, exportId: 'e1' } });
    const [req, target] = s.start.mock.calls[0];
    expect(req).toEqual({ type: 'orders', query: {}, orderId: 42 });
    expect(target).toMatch(/^\/downloads\/order-42-items-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await dispatch(s.handlers, 'exportOrderItems', { orderId: -1 }, ctx)).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    const { api, urls } = fakeApi('Order Item ID\n');
    await apiExportSource(api)(req, new AbortController().signal);
    expect(urls).toEqual(['http://127.0.0.1:9000/v4/accounts/orders/42/items/download/']);
  });

  it('exportSalesJob saves a finished sales-export job\'s CSV: main picks the file, the source streams the job\'s csv/', async () => {
    const s = setup('/downloads');
    const r = await dispatch(s.handlers, 'exportSalesJob', { jobId: 7 }, ctx);
    expect(r).toMatchObject({ ok: true, value: { started: true, exportId: 'e1' } });
    const [req, target] = s.start.mock.calls[0];
    expect(req).toEqual({ type: 'sales', query: {}, salesJobId: 7 });
    expect(target).toMatch(/^\/downloads\/sales-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await dispatch(s.handlers, 'exportSalesJob', { jobId: 0 }, ctx)).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    const { api, urls } = fakeApi('sale_date\n');
    await apiExportSource(api)(req, new AbortController().signal);
    expect(urls).toEqual(['http://127.0.0.1:9000/v4/jobs/sales-export/7/csv/']);
  });

  it('answers started: false when the user dismisses the save dialog', async () => {
    const s = setup(null);
    expect(await dispatch(s.handlers, 'exportStart', { type: 'tracks', filters: {} }, ctx)).toEqual({ ok: true, value: { started: false } });
    expect(s.start).not.toHaveBeenCalled();
  });

  it('refuses unknown types and malformed filter names before any request', async () => {
    const s = setup('/d');
    expect(await dispatch(s.handlers, 'exportStart', { type: 'nope', filters: {} }, ctx)).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await dispatch(s.handlers, 'exportStart', { type: 'tracks', filters: { 'a&b': '1' } }, ctx)).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await dispatch(s.handlers, 'exportStart', { type: '../x', filters: {} }, ctx)).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(s.start).not.toHaveBeenCalled();
    expect(s.chooseTarget).not.toHaveBeenCalled();
  });

  it('cancels by id', async () => {
    const s = setup('/d');
    expect(await dispatch(s.handlers, 'exportCancel', { exportId: 'e1' }, ctx)).toEqual({ ok: true, value: { ok: true } });
    expect(s.cancel).toHaveBeenCalledWith('e1');
  });

  it('shows a started export\'s file in its folder where the transport can (Electron), else answers its path (browser host)', async () => {
    const shown: string[] = [];
    const electron = setup('/downloads', (p) => shown.push(p));
    await dispatch(electron.handlers, 'exportStart', { type: 'tracks', filters: {} }, ctx);
    const r = await dispatch(electron.handlers, 'exportShowInFolder', { exportId: 'e1' }, ctx);
    expect(r).toMatchObject({ ok: true, value: { shown: true, path: expect.stringMatching(/^\/downloads\/tracks-[\d-]+\.csv$/) } });
    expect(shown).toEqual([(r as { value: { path: string } }).value.path]);

    const host = setup('/downloads');
    await dispatch(host.handlers, 'exportStart', { type: 'tracks', filters: {} }, ctx);
    expect(await dispatch(host.handlers, 'exportShowInFolder', { exportId: 'e1' }, ctx)).toMatchObject({
      ok: true, value: { shown: false, path: expect.stringMatching(/^\/downloads\/tracks-/) },
    });
  });

  it('shows only files of exports it started: an unknown id is refused, a path is not a request', async () => {
    const shown: string[] = [];
    const s = setup('/downloads', (p) => shown.push(p));
    expect(await dispatch(s.handlers, 'exportShowInFolder', { exportId: 'nope' }, ctx)).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await dispatch(s.handlers, 'exportShowInFolder', { exportId: 'e1', path: '/etc/passwd' }, ctx)).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(shown).toEqual([]);
  });
});
