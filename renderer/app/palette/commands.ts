/**
 * The command palette's commands (issue 18): what the typed text offers, only what the
 * user's scopes allow. Pure, for the palette and its unit test:
 * - the areas this user may open (the navigation's own list, allowedResources), ranked by a
 *   simple fuzzy match of their names;
 * - "track 123", "release 45", "#123": open a record of a type this user may read (the record
 *   types of shared/records, their routes from recordLink), in an area this user may open;
 * - a search of a type with the typed text ("tracks daft punk": that type first);
 * - switch brand (the brands the user holds), export the current list (when the screen is a
 *   search list), and the keyboard shortcuts (Help).
 */
import { can, SEARCH_TYPES, type Principal, type SearchType } from '../../../shared/access';
import { RECORD_DECLS } from '../../../shared/records';
import { recordLink } from '../../../shared/search';
import { allowedResources, resourceFor } from '../../lib/navigation';
import { searchHref } from '../layout/search-box';

export type PaletteAction = { kind: 'go'; href: string } | { kind: 'brand'; brand: string } | { kind: 'export' };

export interface PaletteCommand {
  /** Unique within one list (the option's id). */
  id: string;
  label: string;
  /** What kind of command, shown beside the label. */
  group: 'Open' | 'Go to' | 'Search' | 'Brand' | 'Export' | 'Help';
  action: PaletteAction;
}

export interface PaletteContext {
  principal: Principal;
  /** The brands the user holds and the active one, with their display names. */
  brands: readonly { value: string; label: string }[];
  brand: string | undefined;
  /** The current screen is a search list whose export can start now. */
  canExportList: boolean;
}

/** At most this many commands are listed. */
export const PALETTE_LIMIT = 12;

/**
 * How well `query` matches `text` (higher is better), or 0 for no match: the whole text
 * starts with it, a word starts with it, it appears anywhere, or its letters appear in order
 * (fewer gaps rank higher). Case-insensitive; spaces in the query are ignored for the last.
 */
export function matchScore(query: string, text: string): number {
  const q = query.trim().toLowerCase();
  const t = text.toLowerCase();
  if (!q) return 1;
  if (t.startsWith(q)) return 400 - t.length;
  if (t.split(/[\s\-/]+/).some((w) => w.startsWith(q))) return 300 - t.length;
  if (t.includes(q)) return 200 - t.length;
  let at = -1;
  let gaps = 0;
  for (const ch of q.replace(/\s+/g, '')) {
    const next = t.indexOf(ch, at + 1);
    if (next < 0) return 0;
    if (at >= 0 && next > at + 1) gaps += 1;
    at = next;
  }
  return Math.max(1, 100 - gaps * 10 - t.length);
}

/** A record type the palette can open: its search type, singular noun and route. */
interface OpenableType {
  type: SearchType;
  noun: string;
}

/** The record types this principal may read and whose record route lies in an area it may open. */
export function openableTypes(principal: Principal): OpenableType[] {
  const areas = new Set(allowedResources(principal).map((r) => r.path));
  return RECORD_DECLS.flatMap((d): OpenableType[] => {
    const type = SEARCH_TYPES.find((t) => t.key === d.type.key);
    const href = recordLink(d.type.key, 1);
    const area = href ? resourceFor(href) : undefined;
    return type && area && areas.has(area.path) && can(principal, type.rule) ? [{ type, noun: d.noun }] : [];
  });
}

/** The search types this principal may search on a screen (those with an area). */
export function searchableTypes(principal: Principal): SearchType[] {
  return SEARCH_TYPES.filter((t) => t.area !== null && can(principal, t.rule));
}

/** Does `words` name the type (its singular noun, label or key, or the start of one)? */
function namesType(words: string, t: { noun?: string; type: SearchType }): boolean {
  const w = words.toLowerCase();
  return [t.noun, t.type.label, t.type.key.replace(/_/g, ' ')].some((n) => n !== undefined && n.toLowerCase().startsWith(w));
}

/**
 * An id to open, with the words before it: "track 123" → { words: 'track', id: '123' },
 * "#45" and "45" → { words: '', id: '45' }; null when the text does not end in an id.
 */
export function parseRecordQuery(text: string): { words: string; id: string } | null {
  const m = /^(.*?)\s*#?\s*(\d{1,12})$/.exec(text.trim());
  if (!m) return null;
  return { words: m[1].trim().replace(/\s+/g, ' '), id: m[2] };
}

function openCommands(text: string, ctx: PaletteContext): PaletteCommand[] {
  const parsed = parseRecordQuery(text);
  if (!parsed) return [];
  return openableTypes(ctx.principal)
    .filter((t) => !parsed.words || namesType(parsed.words, t))
    .map((t) => ({
      id: `open-${t.type.key}-${parsed.id}`,
      label: `Open ${t.noun} #${parsed.id}`,
      group: 'Open' as const,
      action: { kind: 'go' as const, href: recordLink(t.type.key, Number(parsed.id))! },
    }));
}

function searchCommands(text: string, ctx: PaletteContext): PaletteCommand[] {
  const types = searchableTypes(ctx.principal);
  const search = (t: SearchType, q: string): PaletteCommand => ({
    id: `search-${t.key}-${q}`,
    label: `Search ${t.label.toLowerCase()} for “${q}”`,
    group: 'Search',
    action: { kind: 'go', href: searchHref(t.key, q) },
  });
  // "tracks daft punk": the first word names a type, the rest is the text.
  const [first, ...rest] = text.split(/\s+/);
  const named = rest.length ? types.filter((t) => namesType(first, { type: t })) : [];
  const out = named.map((t) => search(t, rest.join(' ')));
  return [...out, ...types.filter((t) => !named.includes(t)).map((t) => search(t, text))];
}

/** The commands that do not depend on the text: areas, brands, the list's export, shortcuts. */
function fixedCommands(ctx: PaletteContext): { command: PaletteCommand; words: string[] }[] {
  const areas = allowedResources(ctx.principal).map((r) => ({
    command: { id: `go-${r.name}`, label: r.label, group: 'Go to' as const, action: { kind: 'go' as const, href: r.path } },
    words: [r.label, r.name, r.group],
  }));
  const brands = ctx.brands
    .filter((b) => b.value !== ctx.brand)
    .map((b) => ({
      command: {
        id: `brand-${b.value}`,
        label: `Switch brand to ${b.label}`,
        group: 'Brand' as const,
        action: { kind: 'brand' as const, brand: b.value },
      },
      words: [`Switch brand to ${b.label}`, b.label, 'brand'],
    }));
  const exports = ctx.canExportList
    ? [
        {
          command: { id: 'export-list', label: 'Export this list to CSV', group: 'Export' as const, action: { kind: 'export' as const } },
          words: ['Export this list to CSV', 'csv', 'download'],
        },
      ]
    : [];
  const help = [
    {
      command: {
        id: 'shortcuts',
        label: 'Keyboard shortcuts',
        group: 'Help' as const,
        action: { kind: 'go' as const, href: '/help#shortcuts' },
      },
      words: ['Keyboard shortcuts', 'keys', 'help'],
    },
  ];
  return [...exports, ...areas, ...brands, ...help];
}

/**
 * The palette's list for the typed text. Empty text: the list's export, every area, the
 * brand switches and the shortcuts. Otherwise: records to open (when the text ends in an id),
 * then the fixed commands that match (best first), then searches of the text.
 */
export function paletteCommands(text: string, ctx: PaletteContext): PaletteCommand[] {
  const q = text.trim().replace(/\s+/g, ' ');
  const fixed = fixedCommands(ctx);
  if (!q) return fixed.map((f) => f.command);
  const ranked = fixed
    .map((f, i) => ({ command: f.command, i, score: Math.max(...f.words.map((w) => matchScore(q, w))) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((r) => r.command);
  return [...openCommands(q, ctx), ...ranked, ...searchCommands(q, ctx)].slice(0, PALETTE_LIMIT);
}
