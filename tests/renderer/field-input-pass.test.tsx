// @vitest-environment happy-dom
/**
 * FieldInput's pass-through props (renderer/features/records/FieldInput.tsx): a tab's own
 * list rows name their inputs ("Publisher 2") and the tests pick some by `data-testid`. For
 * every kind the label reaches the element the user types in or toggles (the one carrying
 * the id), and so does the test id, but for a select: antd puts a select's `data-*` on its
 * root (what opens it when clicked), around that input. `disabled` makes it read-only.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { z } from 'zod';
import { field, valueOptions, type FieldDecl } from '../../shared/records';

const { Providers } = await import('../../renderer/app/Providers');
const { queryClient } = await import('../../renderer/lib/query-client');
const { FieldInput } = await import('../../renderer/features/records/FieldInput');

/** The kinds drawn by an antd Select (the test id on the root around the input). */
const SELECTS = new Set(['select', 'list select', 'reference', 'references', 'ids']);

const KINDS: [string, FieldDecl, unknown][] = [
  ['text', field('Name', 'text', z.string()), 'x'],
  ['textarea', field('Notes', 'textarea', z.string()), 'x'],
  ['number', field('Number', 'number', z.number()), 1],
  ['money', field('Price', 'money', z.number()), 1.5],
  ['date', field('Date', 'date', z.string()), '2025-01-02'],
  ['datetime', field('When', 'datetime', z.string(), { zone: 'UTC' }), '2025-01-02T10:00'],
  ['boolean', field('Enabled', 'boolean', z.boolean()), true],
  ['select', field('Kind', 'select', z.number(), { options: valueOptions([1, 2]) }), 1],
  ['list select', field('Genre', 'select', z.number().nullable(), { list: 'genres' }), null],
  ['reference', field('Release', 'reference', z.number(), { ref: 'releases' }), null],
  ['references', field('Releases', 'references', z.array(z.number()), { ref: 'releases' }), []],
  ['ids', field('Users', 'ids', z.array(z.number())), [1]],
];

afterEach(() => cleanup());

describe('FieldInput pass-through', () => {
  it.each(KINDS)('%s: aria-label and data-testid reach the input with the id', (kind, decl, value) => {
    queryClient.clear();
    render(
      <Providers>
        <FieldInput
          id="probe"
          field={decl}
          value={value}
          values={{}}
          onChange={() => undefined}
          ariaLabel="Row 2 probe"
          testId="probe-input"
          disabled
        />
      </Providers>,
    );
    const el = document.getElementById('probe')!;
    expect(screen.getByLabelText('Row 2 probe')).toBe(el);
    const picked = screen.getByTestId('probe-input');
    if (SELECTS.has(kind)) {
      expect(picked.classList.contains('ant-select')).toBe(true);
      expect(picked.contains(el)).toBe(true);
    } else {
      expect(picked).toBe(el);
    }
    expect((el as HTMLInputElement | HTMLButtonElement).disabled).toBe(true);
  });

  it('currency amounts: the group is named and picked', () => {
    render(
      <Providers>
        <FieldInput
          id="probe"
          field={field('Minimum', 'currencyAmounts', z.record(z.string(), z.number()))}
          value={{}}
          values={{}}
          onChange={() => undefined}
          ariaLabel="Minimum order"
          testId="probe-group"
        />
      </Providers>,
    );
    const group = screen.getByTestId('probe-group');
    expect(group.id).toBe('probe');
    expect(screen.getByRole('group', { name: 'Minimum order' })).toBe(group);
  });

  it('without them nothing is added', () => {
    render(
      <Providers>
        <FieldInput id="probe" field={field('Name', 'text', z.string())} value="" values={{}} onChange={() => undefined} />
      </Providers>,
    );
    const el = document.getElementById('probe')!;
    expect(el.hasAttribute('aria-label')).toBe(false);
    expect(el.hasAttribute('data-testid')).toBe(false);
    expect(el.hasAttribute('disabled')).toBe(false);
  });
});
