/**
 * Named saved views of a search (filters, columns, order), persisted per user
 * through the settings store under 'savedViews'. The per-type filters and columns
 * (spec §3, preferences version 2) live in renderer/lib/preferences-state.ts.
 */
import { z } from 'zod';

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

export const SAVED_VIEWS_VERSION = 1;

/** Views by user id. */
export const SavedViews = z.object({
  version: z.literal(SAVED_VIEWS_VERSION),
  users: z.record(z.string(), z.array(SavedView)),
});
export type SavedViews = z.infer<typeof SavedViews>;

export function emptySavedViews(): SavedViews {
  return { version: SAVED_VIEWS_VERSION, users: {} };
}

/** What the settings store held; anything unreadable starts empty. */
export function loadSavedViews(stored: unknown): SavedViews {
  const parsed = SavedViews.safeParse(stored);
  return parsed.success ? parsed.data : emptySavedViews();
}

const sameName = (a: SavedView, b: SavedView) => a.type === b.type && a.name.trim().toLowerCase() === b.name.trim().toLowerCase();

/** Adds a user's view; one of the same type and name (case-insensitive) is replaced. */
export function saveView(all: SavedViews, userId: number, view: SavedView): SavedViews {
  const parsed = SavedView.parse(view);
  const mine = (all.users[String(userId)] ?? []).filter((v) => !sameName(v, parsed));
  return { ...all, users: { ...all.users, [String(userId)]: [...mine, parsed] } };
}

export function deleteView(all: SavedViews, userId: number, id: string): SavedViews {
  const mine = (all.users[String(userId)] ?? []).filter((v) => v.id !== id);
  return { ...all, users: { ...all.users, [String(userId)]: mine } };
}

/** A user's views of one type, by name. */
export function viewsOf(all: SavedViews, userId: number | undefined, type: string): SavedView[] {
  if (userId === undefined) return [];
  return (all.users[String(userId)] ?? []).filter((v) => v.type === type).sort((a, b) => a.name.localeCompare(b.name));
}
