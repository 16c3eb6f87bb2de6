/** The console's antd theme. */
import type { ThemeConfig } from 'antd';
import { MODAL_TRANSITION_MS } from '../../shared/constants';

export const CONSOLE_THEME: ThemeConfig = {
  token: {
    colorPrimary: '#4f46e5',
    colorInfo: '#4f46e5',
    borderRadius: 8,
    fontFamily: "Inter, 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif",
    colorBgLayout: '#f4f5fa',
    motionDurationMid: `${MODAL_TRANSITION_MS / 1000}s`,
  },
  components: {
    Layout: { siderBg: '#141629', triggerBg: '#1c1f38', headerBg: '#ffffff', headerHeight: 60, headerPadding: '0 20px' },
    Menu: {
      darkItemBg: '#141629',
      darkSubMenuItemBg: '#141629',
      darkItemSelectedBg: '#4f46e5',
      darkGroupTitleColor: 'rgba(255,255,255,0.38)',
      itemHeight: 38,
    },
  },
};
