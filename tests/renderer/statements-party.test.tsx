// @vitest-environment happy-dom
/**
 * Statements by name (issue 29): finance picks a supplier or a label with the reference
 * picker (by name, with its detail and ID), not by typing a numeric ID, and the screen's
 * title names the party ("Statements — <name>"), as it does for a label opened from the
 * address and for a supplier user's own statements.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeMain } from './fake-main';
import { listEndpoints, meEndpoints, searchEndpoints, statementEndpoints } from '../../shared/api/endpoints';
import { onePage } from '../../shared/api/envelope';

const { renderConsole } = await import('./console-harness');

const SUPPLIERS = [
  { type: 'suppliers', id: 7, name: 'Aster Music', detail: 'AST01' },
  { type: 'suppliers', id: 8, name: 'Aster Music', detail: 'AST02' },
];
const LABELS: Record<number, string> = { 3: 'Night Shift' };

function fakeApi(): void {
  fakeMain.api.on(searchEndpoints.autocomplete, ({ query }) => ({
    results: query.type === 'suppliers' ? SUPPLIERS.filter((s) => s.name.toLowerCase().includes((query.q ?? '').toLowerCase())) : [],
  }));
  fakeMain.api.on(listEndpoints('suppliers').get, ({ params }) => {
    const s = SUPPLIERS.find((x) => x.id === params.id)!;
    return { id: s.id, version: 1, name: s.name, vendor_code: s.detail };
  });
  fakeMain.api.on(listEndpoints('labels').get, ({ params }) => ({ id: params.id, version: 1, name: LABELS[params.id] }));
  fakeMain.api.on(statementEndpoints.supplierMusic, () => onePage([]));
  fakeMain.api.on(statementEndpoints.label, () => onePage([]));
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const TIMEOUT = { timeout: 25_000 };

afterEach(() => {
  cleanup();
  fakeMain.api.calls.length = 0;
});

describe('statements are picked and titled by name', () => {
  it('finance picks a supplier by name among same-named ones (told apart by vendor code and ID); the title names it', async () => {
    fakeApi();
    const view = await renderConsole({ account: 'finance', path: '/statements' });
    await screen.findByTestId('statements-page', undefined, TIMEOUT);
    expect(heading()).toBe('Statements');
    // No numeric ID box: a picker.
    expect(screen.queryByTestId('statements-party-id')).toBeNull();
    const input = document.getElementById('statements-party')!;
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'Aster' } });
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(2), { timeout: 3000 });
    const details = [...document.querySelectorAll('.ant-select-item-option .reference-option__detail')].map((e) => e.textContent);
    expect(details).toEqual(['AST01 · ID 7', 'AST02 · ID 8']);
    await act(async () => {
      fireEvent.click(document.querySelectorAll('.ant-select-item-option')[1]);
    });
    await waitFor(() => expect(view.router.state.location.search).toBe('?supplier=8'));
    await waitFor(() => expect(heading()).toBe('Statements — Aster Music'));
    expect(fakeMain.api.calls.some((c) => c.path === '/v4/catalog/suppliers/8/statements/music/')).toBe(true);
    expect(screen.getByTestId('statements-party').querySelector('.reference-chosen__detail')?.textContent).toContain('ID 8');
  });

  it('a label opened from the address is titled by its name', async () => {
    fakeApi();
    await renderConsole({ account: 'finance', path: '/statements?label=3' });
    await screen.findByTestId('statements-page', undefined, TIMEOUT);
    await waitFor(() => expect(heading()).toBe('Statements — Night Shift'));
  });

  it("a supplier user's own statements are titled by its supplier's name", async () => {
    fakeApi();
    fakeMain.api.on(meEndpoints.get, () => ({
      id: 9,
      username: 'supplier',
      email: 's@example.com',
      display_name: null,
      first_name: null,
      last_name: null,
      scope: 'app:baseware user:supplier brand:dance',
      brand: 'brand:dance',
      sessions: [],
      supplier_id: 1,
      label_id: null,
    }));
    fakeMain.api.on(meEndpoints.mySupplier, () => ({ id: 1, name: 'Sandbox Supplier', ddex_party_id: null }));
    await renderConsole({ account: 'supplier', path: '/statements' });
    await screen.findByTestId('statements-page', undefined, TIMEOUT);
    await waitFor(() => expect(heading()).toBe('Statements — Sandbox Supplier'));
    expect(screen.queryByTestId('statements-party')).toBeNull();
  });
});
