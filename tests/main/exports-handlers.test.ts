/** exportStart / exportCancel through dispatch: the API path comes from the type, the file from main. */
import { describe, expect, it, vi } from 'vitest';
import { dispatch, type Handlers } from '../../main/bridge';
import { exportsHandlers } from '../../main/bridge/handlers/exports';
import type { MainServices } from '../../main/services';
import type { ExportJob } from '../../main/services/exports';

const ctx = { transport: 'host', origin: 'http://127.0.0.1:1' } as const;

function setup(target: string | null) {
  const start = vi.fn((_path: string, _query: string, t: string): ExportJob => ({ exportId: 'e1', fileName: t.split('/').pop()!, done: new Promise(() => {}) }));
  const cancel = vi.fn(() => true);
  const chooseTarget = vi.fn(async (name: string) => (target === null ? null : `${target}/${name}`));
  const services = { exports: { service: { start, cancel }, chooseTarget } } as unknown as MainServices;
  return { handlers: exportsHandlers(services) as unknown as Handlers, start, cancel, chooseTarget };
}

describe('export handlers', () => {
  it('derives the API path from the search type and lets main pick the file', async () => {
    const s = setup('/downloads');
    const r = await dispatch(s.handlers, 'exportStart', { type: 'dj_profiles', filters: { dj_name: 'a b', q: 'x' }, orderBy: '-id', columns: ['dj_slug'] }, ctx);
    expect(r).toMatchObject({ ok: true, value: { started: true, exportId: 'e1' } });
    const [path, query, target] = s.start.mock.calls[0];
    expect(path).toBe('/v4/content-ops/dj-profiles/export/');
    expect(query).toBe('type=dj_profiles&columns=dj_slug&dj_name=a%20b&order_by=-id&q=x');
    expect(target).toMatch(/^\/downloads\/dj_profiles-\d{4}-\d{2}-\d{2}\.csv$/);
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
});
