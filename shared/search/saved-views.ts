/**
 * Per-user search preferences (spec §3 "filters and columns", version 2 per §9) and
 * named saved views, both persisted through the settings store ('preferences',
 * 'savedViews'). Anything stored under another version is re-initialised (§4).
 */
import { z } from 'zod';
import { PREFERENCES_VERSION } from '../constants';

export const TypePreferences = z.object({
  filters: z.record(z.string(), z.string()).default({}),
  /** Chosen optional columns; absent means the type's defaults. */
  columns: z.array(z.string()).optional(),
  orderBy: z.string().nullable().optional(),
  perPage: z.number().int().positive().optional(),
});
export type TypePreferences = z.infer<typeof TypePreferences>;

export const Preferences = z.object({
  version: z.literal(PREFERENCES_VERSION),
  /** By search type key. */
  search: z.record(z.string(), TypePreferences).default({}),
});
export type Preferences = z.infer<typeof Preferences>;

export function emptyPreferences(): Preferences {
  return { version: PREFERENCES_VERSION, search: {} };
}

/** Reads what the settings store held; anything not version 2 (or unreadable) starts afresh. */
export function loadPreferences(stored: unknown): Preferences {
  const parsed = Preferences.safeParse(stored);
  return parsed.success ? parsed.data : emptyPreferences();
}

export function typePreferences(prefs: Preferences, type: string): TypePreferences {
  return prefs.search[type] ?? { filters: {} };
}

export function withTypePreferences(prefs: Preferences, type: string, patch: Partial<TypePreferences>): Preferences {
  return { ...prefs, search: { ...prefs.search, [type]: { ...typePreferences(prefs, type), ...patch } } };
}

export const SavedView = z.object({
  id: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(100),
  type: z.string().min(1).max(64),
  filters: z.record(z.string(), z.string()),
  columns: z.array(z.string()).optional(),
  orderBy: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type SavedView = z.infer<typeof SavedView>;

export const SavedViews = z.object({ version: z.literal(1), views: z.array(SavedView) });
export type SavedViews = z.infer<typeof SavedViews>;

export function loadSavedViews(stored: unknown): SavedViews {
  const parsed = SavedViews.safeParse(stored);
  return parsed.success ? parsed.data : { version: 1, views: [] };
}

/** Adds a view; a view of the same type and name (case-insensitive) is replaced. */
export function saveView(all: SavedViews, view: SavedView): SavedViews {
  const key = (v: SavedView) => `${v.type}\u0000${v.name.trim().toLowerCase()}`;
  const parsed = SavedView.parse(view);
  return { version: 1, views: [...all.views.filter((v) => key(v) !== key(parsed)), parsed] };
}

export function deleteView(all: SavedViews, id: string): SavedViews {
  return { version: 1, views: all.views.filter((v) => v.id !== id) };
}

export function viewsOf(all: SavedViews, type: string): SavedView[] {
  return all.views.filter((v) => v.type === type).sort((a, b) => a.name.localeCompare(b.name));
}
