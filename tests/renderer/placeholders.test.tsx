// @vitest-environment happy-dom
/**
 * Every area has its screens; the placeholder that remains (a record type without a page of
 * its own) speaks of the product, never of issues, builds or tests.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RESOURCES } from '../../renderer/app/resources';
import { NotBuiltYet } from '../../renderer/ui/NotBuiltYet';
import { PLACEHOLDER_TEXT, UI_TEXT } from '../../shared/ui-texts';

/** Words of the making of the console that no screen should show. */
const MAKING = /\b(issues?|built|builds?|building|tests?|ticket|sprint|todo)\b/i;

afterEach(cleanup);

describe('placeholders of areas still to come', () => {
  it('no area is a placeholder any more: PLACEHOLDER_TEXT names no area, only the default text of record types without a page', () => {
    expect(Object.keys(PLACEHOLDER_TEXT)).toEqual(['default']);
    expect(RESOURCES.map((r) => r.name).filter((n) => n in PLACEHOLDER_TEXT)).toEqual([]);
  });

  it('no placeholder text, nor the default one, speaks of issues, builds or tests', () => {
    render(<NotBuiltYet title="Anything" />);
    const page = screen.getByTestId('not-built-yet');
    expect(page.textContent).toContain(PLACEHOLDER_TEXT.default);
    for (const text of [...Object.values(PLACEHOLDER_TEXT), UI_TEXT.notBuiltYet]) expect(text).not.toMatch(MAKING);
    expect(page.textContent).not.toMatch(MAKING);
  });
});
