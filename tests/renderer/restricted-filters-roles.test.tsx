// @vitest-environment happy-dom
/**
 * Issue 27, §6 restricted filters on screen, per sandbox account: the /sales screen offers
 * sale type and label only to who may use them (Control; the API refuses the rest, see the
 * "sales filter × account" cells of tests/server/authz-matrix-reads.test.ts), and a search
 * link carrying a filter the account may not use drops it with a notice naming it, never
 * showing it as an active chip nor sending it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { fakeMain } from './fake-main';
import { AREA_RULES, SEARCH_RULES, can, filterAllowed, filterDroppedText, salesFilterAllowed } from '../../shared/access';
import { filterLabel } from '../../shared/search';
import { SANDBOX_ACCOUNTS } from '../../server/seed/accounts';
import { principalOf } from '../fixtures/accounts';

const { renderConsole } = await import('./console-harness');

afterEach(() => {
  cleanup();
  fakeMain.calls.length = 0;
  fakeMain.api.calls.length = 0;
});

const salesAccounts = SANDBOX_ACCOUNTS.filter((a) => can(principalOf(a), AREA_RULES['/sales']));

describe('the /sales screen offers the restricted filters only to who may use them', () => {
  it('the table holds both sides: a supplier is offered neither, admin both', () => {
    const of = (u: string) => principalOf(SANDBOX_ACCOUNTS.find((a) => a.username === u)!);
    expect([salesFilterAllowed(of('supplier'), 'sale_type_id'), salesFilterAllowed(of('supplier'), 'label_id')]).toEqual([false, false]);
    expect([salesFilterAllowed(of('admin'), 'sale_type_id'), salesFilterAllowed(of('admin'), 'label_id')]).toEqual([true, true]);
    expect(salesAccounts.map((a) => a.username)).toContain('supplier');
  });

  it.each(salesAccounts.map((a) => [a.username, a] as const))('%s', async (_name, account) => {
    const principal = principalOf(account);
    await renderConsole({ account, path: '/sales' });
    await screen.findByTestId('sales-page', undefined, { timeout: 10_000 });
    const page = screen.getByTestId('sales-page');
    const offered = {
      saleType: page.querySelector('#sales-sale-type') !== null,
      label: page.querySelector('#sales-label') !== null,
      supplier: page.querySelector('#sales-supplier') !== null,
    };
    expect(offered).toEqual({
      saleType: salesFilterAllowed(principal, 'sale_type_id'),
      label: can(principal, SEARCH_RULES.labels) && salesFilterAllowed(principal, 'label_id'),
      supplier: can(principal, SEARCH_RULES.suppliers) && salesFilterAllowed(principal, 'supplier_id'),
    });
    if (account.username === 'supplier') expect([offered.saleType, offered.label]).toEqual([false, false]);
    expect(screen.getByText('Genre')).toBeTruthy();
  });
});

describe('a search link with a filter the account may not use', () => {
  it('drops it with a notice, shows no chip for it and does not send it (supplier, tracks by ID)', async () => {
    const supplier = principalOf(SANDBOX_ACCOUNTS.find((a) => a.username === 'supplier')!);
    expect(filterAllowed(supplier, 'tracks', 'id')).toBe(false);
    await renderConsole({ account: 'supplier', path: '/catalog?type=tracks&artist=Someone&id=42' });
    const notice = await screen.findByTestId('filters-dropped', undefined, { timeout: 10_000 });
    expect(notice.textContent).toBe(filterDroppedText([filterLabel('id')]));
    expect(notice.textContent).toBe('The filter ID is not available to your account and was not applied.');
    // The filter it may use is applied and shown; the other is not.
    await screen.findByTestId('chip-artist');
    expect(screen.queryByTestId('chip-id')).toBeNull();
    await waitFor(() => expect(fakeMain.api.calls.some((c) => c.method === 'GET' && c.query?.artist === 'Someone')).toBe(true));
    expect(fakeMain.api.calls.some((c) => c.query && 'id' in c.query)).toBe(false);
  });

  it('an account that may use the filter sees it applied as a chip and no notice (admin, tracks by ID)', async () => {
    await renderConsole({ account: 'admin', path: '/catalog?type=tracks&id=42' });
    await screen.findByTestId('chip-id', undefined, { timeout: 10_000 });
    expect(screen.queryByTestId('filters-dropped')).toBeNull();
  });
});
