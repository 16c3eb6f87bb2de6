/** The console's antd theme. */
import type { ThemeConfig } from 'antd';
import { MODAL_TRANSITION_MS } from '../../shared/constants';

const TAG_TEXT_COLORS = { green: '#237804', blue: '#003eb3', red: '#a8071a', orange: '#ad4e00', gold: '#874d00' } as const;
const TAG_TEXT = Object.fromEntries(
  Object.entries(TAG_TEXT_COLORS).flatMap(([color, value]) => [
    [`${color}7`, value],
    [`${color}-7`, value],
  ]),
);

export const CONSOLE_THEME: ThemeConfig = {
  // antd's component styles come from its static stylesheet (imported by renderer/main.tsx), not
  // computed and injected as each component first renders: the tokens below reach them as CSS
  // variables. The same pixels; about a quarter less work in the renderer's component tests, and
  // less on each screen's first render.
  zeroRuntime: true,
  token: {
    colorPrimary: '#4f46e5',
    colorInfo: '#4f46e5',
    // antd's red-7: error texts under fields reach 4.5:1 against white (WCAG AA; the default red-5 is 3.3:1).
    colorError: '#cf1322',
    // Placeholders that are text (a select's "Type to search") and secondary texts (empty states,
    // descriptions) need 4.5:1 as well, also on the page background (the defaults are 0.25 and 0.45 black).
    colorTextPlaceholder: '#6b7085',
    colorTextDescription: '#5b6075',
    borderRadius: 8,
    fontFamily: "Inter, 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif",
    colorBgLayout: '#f4f5fa',
    // Preset tag colours draw their text in palette 7 on palette 1, one shade darker than antd's
    // for 4.5:1 on the tag's tint (WCAG AA): green 5.4:1 (antd's 3.4:1), gold 6.5:1 (2.8:1).
    // Global tokens (a component-level override does not reach the palette), under both names:
    // `green7` and the legacy `green-7` write the same CSS variable, and the legacy one comes last.
    ...TAG_TEXT,
    motionDurationMid: `${MODAL_TRANSITION_MS / 1000}s`,
  },
  components: {
    Layout: { siderBg: '#141629', triggerBg: '#1c1f38', headerBg: '#ffffff', headerHeight: 60, headerPadding: '0 20px' },
    Menu: {
      darkItemBg: '#141629',
      darkSubMenuItemBg: '#141629',
      darkItemSelectedBg: '#4f46e5',
      // Group headings of the dark side navigation: 7:1 on its background (0.38 white was 3.6:1).
      darkGroupTitleColor: 'rgba(255,255,255,0.6)',
      itemHeight: 38,
    },
  },
};

/**
 * The theme for the system's settings: with "reduce motion" on, dialogs, drawers and menus
 * appear and go without animation (WCAG 2.3.3), and a dialog's buttons are where they stay.
 */
export function themeFor({ reducedMotion }: { reducedMotion: boolean }): ThemeConfig {
  return reducedMotion ? { ...CONSOLE_THEME, token: { ...CONSOLE_THEME.token, motion: false } } : CONSOLE_THEME;
}
