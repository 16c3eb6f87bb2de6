// @vitest-environment happy-dom
/**
 * Viewport classes of spec §2 at every boundary: mobile portrait up to 567 px; mobile
 * landscape 568-767; tablet portrait 768-1023; tablet landscape 1024-1149; desktop
 * 1150-1680; large desktop 1681 and up. Checked on the pure function and on the hook
 * the shell reads (which follows window resizes).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { viewportClass } from '../../shared/constants';
import { isMobile, useViewportClass } from '../../renderer/ui/useViewport';

afterEach(cleanup);

// [last width of one class, its class, first width of the next, the next class] — written from §2, not from VIEWPORTS.
const BOUNDARIES = [
  [567, 'mobile-portrait', 568, 'mobile-landscape'],
  [767, 'mobile-landscape', 768, 'tablet-portrait'],
  [1023, 'tablet-portrait', 1024, 'tablet-landscape'],
  [1149, 'tablet-landscape', 1150, 'desktop'],
  [1680, 'desktop', 1681, 'large-desktop'],
] as const;

describe('viewport classes (§2)', () => {
  it.each(BOUNDARIES)('%i px is %s, %i px is %s', (below, belowClass, above, aboveClass) => {
    expect(viewportClass(below)).toBe(belowClass);
    expect(viewportClass(above)).toBe(aboveClass);
  });

  it('fractional widths (page zoom) between two classes belong to the lower one', () => {
    for (const [below, belowClass] of BOUNDARIES) expect(viewportClass(below + 0.5)).toBe(belowClass);
  });

  it('the ends: 0 and 320 px are mobile portrait, 3840 px large desktop', () => {
    expect(viewportClass(0)).toBe('mobile-portrait');
    expect(viewportClass(320)).toBe('mobile-portrait');
    expect(viewportClass(3840)).toBe('large-desktop');
  });

  it('phones (both mobile classes) get the overlay navigation; tablets and up do not', () => {
    expect(isMobile(viewportClass(767))).toBe(true);
    expect(isMobile(viewportClass(568))).toBe(true);
    expect(isMobile(viewportClass(768))).toBe(false);
  });

  it('the shell hook follows the window across each boundary', () => {
    function Probe() {
      return <p data-testid="vp">{useViewportClass()}</p>;
    }
    const resize = (width: number) =>
      act(() => {
        Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
        window.dispatchEvent(new Event('resize'));
      });
    resize(1280);
    render(<Probe />);
    expect(screen.getByTestId('vp').textContent).toBe('desktop');
    for (const [below, belowClass, above, aboveClass] of BOUNDARIES) {
      resize(below);
      expect(screen.getByTestId('vp').textContent).toBe(belowClass);
      resize(above);
      expect(screen.getByTestId('vp').textContent).toBe(aboveClass);
    }
  });
});
