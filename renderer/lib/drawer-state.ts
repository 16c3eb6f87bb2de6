/** Side navigation drawer state, persisted under settings key 'drawer'. */
export interface DrawerState {
  collapsed: boolean;
}

export const initialDrawer: DrawerState = { collapsed: false };

export function parseDrawer(stored: unknown): DrawerState {
  if (stored && typeof stored === 'object' && typeof (stored as DrawerState).collapsed === 'boolean') {
    return { collapsed: (stored as DrawerState).collapsed };
  }
  return initialDrawer;
}
