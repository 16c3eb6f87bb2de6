// @vitest-environment happy-dom
/**
 * One option renderer for every reference picker (issue 29): a record field's reference input
 * (a new track's release) lists same-named records with what tells them apart (a release's
 * artists, label, catalogue number, date) and their IDs, finds a record by its catalogue
 * number or ID (the typed text goes to the autocomplete, which the server also tries as an
 * id and a catalogue number: tests/server/suites/lists.ts), and shows the chosen record by
 * name and ID. A module item picker shows the same options.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { fakeMain } from './fake-main';
import { searchEndpoints, type Suggestion } from '../../shared/api/endpoints';
import { RECORD_DECLS } from '../../shared/records';

const { Providers } = await import('../../renderer/app/Providers');
const { queryClient } = await import('../../renderer/lib/query-client');
const { FieldInput } = await import('../../renderer/features/records/FieldInput');
type RefValue = { id: number; name: string };

/** Four releases called Kaleidoscope and another, as the server would suggest them. */
const RELEASES: (Suggestion & { catalog: string })[] = [
  { type: 'releases', id: 311, name: 'Kaleidoscope', detail: 'Aster · Night Shift · NS-001 · 05/06/2024', catalog: 'NS-001' },
  { type: 'releases', id: 412, name: 'Kaleidoscope', detail: 'Dana Vale · Lumen Records · LUM-077 · 01/10/2025', catalog: 'LUM-077' },
  { type: 'releases', id: 513, name: 'Kaleidoscope', detail: 'Kito · Night Shift · NS-014 · 03/03/2025', catalog: 'NS-014' },
  { type: 'releases', id: 614, name: 'Kaleidoscope', detail: 'Aster, Kito · Orbit · ORB-2 · 12/12/2023', catalog: 'ORB-2' },
  { type: 'releases', id: 715, name: 'Mirage', detail: 'Aster · Orbit · ORB-3 · 02/02/2022', catalog: 'ORB-3' },
];

/** The fake server's matching: name words, a whole id, or a catalogue number contained. */
function fakeAutocomplete(): void {
  fakeMain.api.on(searchEndpoints.autocomplete, ({ query }) => {
    const q = (query.q ?? '').trim().toLowerCase();
    const results = RELEASES.filter(
      (r) => String(r.id) === q || r.catalog.toLowerCase().includes(q) || r.name.toLowerCase().includes(q),
    ).map(({ catalog: _c, ...s }) => s);
    return { results };
  });
}

const field = RECORD_DECLS.find((d) => d.key === 'tracks')!.fields.release_id;

function Harness({ onValue }: { onValue: (v: unknown) => void }) {
  const [value, setValue] = useState<unknown>(null);
  return (
    <FieldInput
      id="field-release_id"
      field={field}
      value={value}
      values={{}}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

function renderPicker() {
  fakeAutocomplete();
  queryClient.clear();
  const seen: unknown[] = [];
  render(
    <Providers>
      <Harness onValue={(v) => seen.push(v)} />
    </Providers>,
  );
  return seen;
}

/** Types into the picker and waits for the autocomplete to answer. */
async function typeInto(text: string) {
  const input = document.getElementById('field-release_id')!;
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: text } });
  await waitFor(() => expect(fakeMain.api.calls.some((c) => (c.query as Record<string, unknown> | undefined)?.q === text)).toBe(true), {
    timeout: 3000,
  });
}

const options = () => [...document.querySelectorAll('.ant-select-item-option')] as HTMLElement[];

afterEach(() => {
  cleanup();
  fakeMain.api.calls.length = 0;
});

describe('reference pickers tell same-named records apart', () => {
  it('lists each same-named release with its artists, label, catalogue number, date and ID, and shows the chosen one by name and ID', async () => {
    const seen = renderPicker();
    await typeInto('Kaleido');
    await waitFor(() => expect(options()).toHaveLength(4));
    const shown = options().map((o) => ({
      title: o.getAttribute('title'),
      name: o.querySelector('.reference-option__name')?.textContent,
      detail: o.querySelector('.reference-option__detail')?.textContent,
    }));
    expect(shown).toEqual(
      RELEASES.slice(0, 4).map((r) => ({ title: 'Kaleidoscope', name: 'Kaleidoscope', detail: `${r.detail} · ID ${r.id}` })),
    );
    // Every option reads differently.
    expect(new Set(options().map((o) => o.textContent)).size).toBe(4);

    const second = options().find((o) => o.textContent?.includes('ID 412'))!;
    await act(async () => {
      fireEvent.click(second);
    });
    expect(seen.at(-1)).toEqual({ id: 412, name: 'Kaleidoscope' });
    const chosen = await screen.findByTestId('reference-chosen');
    expect(within(chosen).getByText('Kaleidoscope')).toBeTruthy();
    expect(chosen.querySelector('.reference-chosen__detail')?.textContent).toBe(
      'Dana Vale · Lumen Records · LUM-077 · 01/10/2025 · ID 412',
    );
  });

  it('finds a release by its catalogue number', async () => {
    const seen = renderPicker();
    await typeInto('NS-014');
    await waitFor(() => expect(options()).toHaveLength(1));
    expect(options()[0].textContent).toContain('NS-014');
    expect(options()[0].textContent).toContain('ID 513');
    await act(async () => {
      fireEvent.click(options()[0]);
    });
    expect(seen.at(-1)).toEqual({ id: 513, name: 'Kaleidoscope' });
  });

  it('finds a release by its ID', async () => {
    const seen = renderPicker();
    await typeInto('614');
    await waitFor(() => expect(options()).toHaveLength(1));
    expect(options()[0].querySelector('.reference-option__detail')?.textContent).toBe('Aster, Kito · Orbit · ORB-2 · 12/12/2023 · ID 614');
    await act(async () => {
      fireEvent.click(options()[0]);
    });
    expect(seen.at(-1)).toEqual({ id: 614, name: 'Kaleidoscope' });
  });

  it('a value loaded with the record (no detail) still shows its name and ID', async () => {
    fakeAutocomplete();
    queryClient.clear();
    render(
      <Providers>
        <FieldInput
          id="field-release_id"
          field={field}
          value={{ id: 311, name: 'Kaleidoscope' } satisfies RefValue}
          values={{}}
          onChange={() => undefined}
        />
      </Providers>,
    );
    const chosen = await screen.findByTestId('reference-chosen');
    expect(chosen.querySelector('.reference-chosen__name')?.textContent).toBe('Kaleidoscope');
    expect(chosen.querySelector('.reference-chosen__detail')?.textContent).toBe('ID 311');
  });
});
