// @vitest-environment happy-dom
/**
 * Areas whose screens are still to come show a placeholder that speaks of the product:
 * the area's name and what will appear there, never issues, builds or tests.
 */
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RESOURCES } from '../../renderer/app/resources';
import { NotBuiltYet } from '../../renderer/ui/NotBuiltYet';
import { PLACEHOLDER_TEXT, UI_TEXT } from '../../shared/ui-texts';

/** Words of the making of the console that no screen should show. */
const MAKING = /\b(issues?|built|builds?|building|tests?|ticket|sprint|todo)\b/i;

afterEach(cleanup);

describe('placeholders of areas still to come', () => {
  const areas = RESOURCES.filter((r) => r.name in PLACEHOLDER_TEXT);

  it('cover the areas named in PLACEHOLDER_TEXT', () => {
    expect(areas.map((r) => r.name).sort()).toEqual(
      ['deliveries'],
    );
  });

  it.each(areas.map((r) => [r.name, r] as const))(
    '%s says what will appear there, in words of the product', async (name, r) => {
      const Screen = r.component;
      render(<Suspense fallback={null}><Screen /></Suspense>);
      const page = await screen.findByTestId('not-built-yet', undefined, { timeout: 20_000 });
      expect(page.textContent).toContain(r.label);
      expect(page.textContent).toContain(PLACEHOLDER_TEXT[name as keyof typeof PLACEHOLDER_TEXT]);
      expect(page.textContent).not.toMatch(MAKING);
    },
  );

  it('no placeholder text, nor the default one, speaks of issues, builds or tests', () => {
    render(<NotBuiltYet title="Anything" />);
    const page = screen.getByTestId('not-built-yet');
    expect(page.textContent).toContain(PLACEHOLDER_TEXT.default);
    for (const text of [...Object.values(PLACEHOLDER_TEXT), UI_TEXT.notBuiltYet]) expect(text).not.toMatch(MAKING);
    expect(page.textContent).not.toMatch(MAKING);
  });
});
