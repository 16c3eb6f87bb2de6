/**
 * Which search types can be edited by PATCH, with their table, zod schema (shared/api)
 * and the cross-field rules of spec §4/§5 checked against the stored row.
 */
import { RECORDS, type RecordKey } from '../../../shared/records';
import { MSG } from '../../../shared/messages';
import type { Queryable, Row } from '../../db/client';
import { HttpError, badRequest } from '../errors';
import { parseBody } from '../validation';

type Changes = Record<string, unknown>;

/**
 * Who may write which type and field is not here: the write rules are in shared/access
 * (TYPE_WRITE_RULES, FIELD_WRITE_RULES) and the list routes apply them.
 */
export interface PatchDef {
  table: string;
  /** The editable fields (the schema's keys): anything else is a 400. */
  fields: readonly string[];
  parse(body: unknown): Changes;
  /** Cross-field checks against the stored row; returns the changes to write. */
  check?(tx: Queryable, stored: Row, changes: Changes): Promise<Changes>;
}

const def = (key: RecordKey, table: string, check?: PatchDef['check']): PatchDef => ({
  table,
  fields: RECORDS[key].editable,
  parse: (body) => parseBody(RECORDS[key].patch, body) as Changes,
  check,
});

/** Spec §5: Start Date must be before End Date (both skipped when either is empty). */
async function datesInOrder(_tx: Queryable, stored: Row, c: Changes): Promise<Changes> {
  const start = ('start_date' in c ? c.start_date : stored.start_date) as string | null;
  const end = ('end_date' in c ? c.end_date : stored.end_date) as string | null;
  if (start && end && start >= end) {
    throw new HttpError(400, 'end_date' in c && !('start_date' in c) ? { end_date: [MSG.endAfterStart] } : { start_date: [MSG.startBeforeEnd] });
  }
  return c;
}

async function trackRules(tx: Queryable, stored: Row, c: Changes): Promise<Changes> {
  const out = { ...c };
  // Spec §4: selecting a genre resets the sub-genre.
  if ('genre_id' in c && c.genre_id !== stored.genre_id && !('sub_genre_id' in c)) out.sub_genre_id = null;
  const genre = ('genre_id' in out ? out.genre_id : stored.genre_id) as number | null;
  if (out.sub_genre_id != null) {
    const [ok] = await tx.query('select 1 from sub_genres where id = $1 and genre_id = $2', [out.sub_genre_id, genre]);
    if (!ok) throw badRequest('sub_genre_id', 'This sub-genre does not belong to the genre.');
  }
  // Spec §4: showing a DJ edit is refused while the parent track is hidden or disabled.
  const showing = (c.hidden === false && stored.hidden) || (c.enabled === true && !stored.enabled);
  if (showing && stored.is_dj_edit && stored.parent_track_id) {
    const [parent] = await tx.query<{ hidden: boolean; enabled: boolean }>('select hidden, enabled from tracks where id = $1', [stored.parent_track_id]);
    if (parent && (parent.hidden || !parent.enabled)) throw new HttpError(400, { detail: MSG.djTrackParentHidden });
  }
  return out;
}

/** Spec §5: Muzooka ID required to enable sync; it cannot change without first disabling sync. */
async function muzookaRules(_tx: Queryable, stored: Row, c: Changes): Promise<Changes> {
  const sync = ('muzooka_sync' in c ? c.muzooka_sync : stored.muzooka_sync) as boolean;
  const id = ('muzooka_id' in c ? c.muzooka_id : stored.muzooka_id) as string | null;
  if (sync && !id) throw badRequest('muzooka_id', 'A Muzooka ID is required to enable Muzooka sync.');
  if ('muzooka_id' in c && c.muzooka_id !== stored.muzooka_id && stored.muzooka_sync && c.muzooka_sync !== false) {
    throw badRequest('muzooka_id', 'Disable Muzooka sync before changing the Muzooka ID.');
  }
  return c;
}

/** Spec §5: hype start cannot be after hype end. */
async function hypeDates(_tx: Queryable, stored: Row, c: Changes): Promise<Changes> {
  const s = ('hype_trial_start' in c ? c.hype_trial_start : stored.hype_trial_start) as string | null;
  const e = ('hype_trial_end' in c ? c.hype_trial_end : stored.hype_trial_end) as string | null;
  if (s && e && s > e) throw badRequest('hype_trial_start', 'Hype start cannot be after hype end.');
  return c;
}

export const PATCHES: Readonly<Record<string, PatchDef>> = {
  tracks: def('tracks', 'tracks', trackRules),
  releases: def('releases', 'releases'),
  artists: def('artists', 'artists', muzookaRules),
  charts: def('charts', 'charts'),
  labels: def('labels', 'labels', hypeDates),
  suppliers: def('suppliers', 'suppliers'),
  pages: def('pages', 'pages', datesInOrder),
  page_modules: def('page_modules', 'page_modules', datesInOrder),
  coupons: def('coupons', 'coupons', datesInOrder),
  live_streams: def('live_streams', 'live_streams'),
  users: def('users', 'users'),
  genres: def('genres', 'genres'),
  host_vendors: def('host_vendors', 'host_vendors'),
  tracklist_vendors: def('tracklist_vendors', 'tracklist_vendors'),
  link_partners: def('link_partners', 'link_partners'),
};
