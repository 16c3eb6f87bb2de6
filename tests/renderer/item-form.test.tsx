// @vitest-environment happy-dom
/**
 * The items' form renders the declared fields through the record fields' input
 * (renderer/features/records/SupplierItemsTab.tsx ItemForm, FieldInput): a contact's
 * Province/State offers the chosen country's states only and is reset when the country
 * changes; a label mapping's Label is one of its supplier's labels, sent as its id. The
 * tabs of their own draw declared fields the same way: a credit's amount, currency and
 * reason (the declared options and list) keep their ids.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { fakeMain, pageOf } from './fake-main';
import { auxiliaryEndpoint, supplierEndpoints } from '../../shared/api/endpoints';
import { ITEM_TYPES, type ItemsDecl } from '../../shared/records';

const { Providers } = await import('../../renderer/app/Providers');
const { queryClient } = await import('../../renderer/lib/query-client');
const { ItemForm, itemDraft, itemValues } = await import('../../renderer/features/records/SupplierItemsTab');
const { CreditDraftFields, creditFromDraft } = await import('../../renderer/features/support/UserCreditsTab');
type CreditDraft = Parameters<typeof creditFromDraft>[0];

const page = <T,>(results: T[]) => pageOf(results, 200);

function Harness({ decl, seen }: { decl: ItemsDecl; seen: Record<string, unknown>[] }) {
  const [values, setValues] = useState(() => itemValues(decl, null));
  return (
    <ItemForm
      decl={decl}
      owner={{ supplier_id: 7 }}
      values={values}
      errors={{}}
      onChange={(v) => {
        seen.push(v);
        setValues(v);
      }}
    />
  );
}

function renderForm(decl: ItemsDecl) {
  queryClient.clear();
  const seen: Record<string, unknown>[] = [];
  render(
    <Providers>
      <Harness decl={decl} seen={seen} />
    </Providers>,
  );
  return seen;
}

/** The options of select `id`'s dropdown (the one holding its listbox, `{id}_list`). */
const options = (id: string) =>
  [
    ...(document.getElementById(`${id}_list`)?.closest('.ant-select-dropdown')?.querySelectorAll('.ant-select-item-option') ?? []),
  ] as HTMLElement[];

async function choose(id: string, name: string) {
  fireEvent.mouseDown(document.getElementById(id)!);
  await waitFor(() => expect(options(id).map((o) => o.textContent)).toContain(name));
  await act(async () => {
    fireEvent.click(options(id).find((o) => o.textContent === name)!);
  });
}

afterEach(() => {
  cleanup();
  fakeMain.api.calls.length = 0;
});

describe('items form', () => {
  it("a contact's Province/State: the chosen country's states, reset with the country", async () => {
    fakeMain.api.on(auxiliaryEndpoint('contact-types'), () => page([{ id: 1, name: 'Billing' }]));
    fakeMain.api.on(auxiliaryEndpoint('countries'), () =>
      page([
        { id: 1, name: 'United States' },
        { id: 2, name: 'Canada' },
      ]),
    );
    fakeMain.api.on(auxiliaryEndpoint('states'), () =>
      page([
        { id: 6, name: 'Colorado', country: { id: 1, name: 'United States' } },
        { id: 9, name: 'Ontario', country: { id: 2, name: 'Canada' } },
      ]),
    );
    const seen = renderForm(ITEM_TYPES.contacts);
    for (const id of ['item-first_name', 'item-contact_type_id', 'item-country_id', 'item-state_id', 'item-is_primary'])
      expect(document.getElementById(id), id).toBeTruthy();
    expect(document.querySelector('[data-testid="item-state_id"] .ant-select-disabled')).toBeTruthy();

    await choose('item-country_id', 'United States');
    await choose('item-state_id', 'Colorado');
    expect(options('item-state_id').map((o) => o.textContent)).toEqual(['Colorado']);
    expect(seen.at(-1)).toMatchObject({ country_id: 1, state_id: 6 });

    await choose('item-country_id', 'Canada');
    expect(seen.at(-1)).toMatchObject({ country_id: 2, state_id: null });
  });

  it("a label mapping's Label: one of the supplier's labels, sent as its id", async () => {
    fakeMain.api.on(supplierEndpoints.labels, ({ params }) =>
      page(
        params.id === 7
          ? [
              { id: 31, name: 'Night Shift', enabled: true },
              { id: 32, name: 'Orbit', enabled: true },
            ]
          : [],
      ),
    );
    const seen = renderForm(ITEM_TYPES.labelMappings);
    fireEvent.change(document.getElementById('item-source_label')!, { target: { value: 'NIGHT SHIFT REC' } });
    await choose('item-label_id', 'Orbit');
    const values = seen.at(-1)!;
    expect(values).toMatchObject({ source_label: 'NIGHT SHIFT REC', label_id: { id: 32, name: 'Orbit' } });
    expect(itemDraft(ITEM_TYPES.labelMappings, null, values)).toEqual({
      body: { source_label: 'NIGHT SHIFT REC', label_id: 32, blacklisted: false },
    });
    // A stored mapping reads its label ({id, name}); an unchanged one sends nothing.
    const stored = itemValues(ITEM_TYPES.labelMappings, {
      id: 1,
      version: 1,
      source_label: 'X',
      label: { id: 32, name: 'Orbit' },
      blacklisted: false,
    });
    expect(stored.label_id).toEqual({ id: 32, name: 'Orbit' });
    expect(itemDraft(ITEM_TYPES.labelMappings, stored, { ...stored })).toEqual({ body: {} });
  });
});

describe('declared fields in tabs of their own', () => {
  it('a credit: amount, the declared currencies and the reason list, under their ids; the draft is the API body', async () => {
    fakeMain.api.on(auxiliaryEndpoint('reason'), () => page([{ id: 4, name: 'Goodwill' }]));
    queryClient.clear();
    const seen: CreditDraft[] = [];
    function Credit() {
      const [draft, setDraft] = useState<CreditDraft>({});
      return (
        <CreditDraftFields
          draft={draft}
          errors={{}}
          onChange={(d) => {
            seen.push(d);
            setDraft(d);
          }}
        />
      );
    }
    render(
      <Providers>
        <Credit />
      </Providers>,
    );
    expect(document.querySelector('label[for="credit-amount"]')?.textContent).toBe('Amount');
    fireEvent.change(document.getElementById('credit-amount')!, { target: { value: '7.25' } });
    await choose('credit-currency', 'Pound');
    await choose('credit-reason', 'Goodwill');
    expect(seen.at(-1)).toEqual({ amount: 7.25, currency: 'GBP', reason_id: 4 });
    expect(creditFromDraft(seen.at(-1)!)).toEqual({ body: { amount: 7.25, currency: 'GBP', reason_id: 4 } });
  });
});
