/**
 * The sub-resources of a track and a release (spec §7 Tracks, Releases): songwriters
 * with their songwriter type, publishers, DJ edits and their source, the countries a
 * track is allowed in (with a summary by region), and publish, pre-order and takedown
 * times per country and commercial model type, given as local date-times in a named
 * zone (spec §9: Mountain time, America/Denver) and stored as instants. The §5 rules of
 * publish dates are checked here, so a form can run the same checks before it sends.
 * server/README.md "Track and release sub-resources" says what each call does.
 */
import { z } from 'zod';
import { PUBLISH_TIME_ZONE } from '../../constants';
import { MSG } from '../../messages';
import { REGIONS } from '../../vocabularies';
import { endpoint, IdParam } from '../endpoint';
import { listEnvelope } from '../envelope';
import { INT4_MAX } from '../query-values';
import { isTimeZone, zonedInstant } from '../zoned-time';
import { ListRow, ObjectRow } from './lists';
import { choiceOf, refersTo } from '../references';
import { DJ_EDIT_ITEMS, PUBLISHER_ITEMS, SONGWRITER_ITEMS } from '../../records/catalog-items';

const id = z.number().int().positive().max(INT4_MAX);
/** A country of the countries list (each id is checked: shared/api/references.ts). */
const countryId = refersTo(id, { list: 'countries' });
/** The same in a query string. */
const choiceIdParam = z.union([z.string(), z.number().transform(String)], { error: MSG.selectFromList }).pipe(
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, MSG.selectFromList)
    .transform(Number)
    .pipe(z.number().max(INT4_MAX, MSG.selectFromList)),
);
/** Most countries one request names (far more than exist). */
const MAX_COUNTRIES = 1000;

const Ref = z.object({ id: z.number().int(), name: z.string() });
const trackParams = z.object({ id: IdParam });

/** A track's songwriter (spec §3 "songwriters with songwriter type"). */
export const Songwriter = z.object({ id: z.number().int(), name: z.string(), songwriter_type: Ref.nullable() });
export type Songwriter = z.infer<typeof Songwriter>;
/** POST …/songwriters/ (shared/records SONGWRITER_ITEMS): a name and a type from the songwriter-types reference list. */
export const SongwriterBody = SONGWRITER_ITEMS.body;

/** A track's publisher. */
export const Publisher = z.object({ id: z.number().int(), name: z.string() });
export type Publisher = z.infer<typeof Publisher>;
/** Most publishers one track lists. */
export const MAX_PUBLISHERS = 50;
/** PUT …/publishers/: the whole list, in order (empty: none); each name once, each a PUBLISHER_ITEMS name. */
export const PublishersBody = z
  .strictObject({
    names: z
      .array(PUBLISHER_ITEMS.fields.name.schema, { error: 'Send the list of publisher names.' })
      .max(MAX_PUBLISHERS, `Ensure this list has no more than ${MAX_PUBLISHERS} names.`),
  })
  .refine((b) => new Set(b.names.map((n) => n.toLowerCase())).size === b.names.length, {
    message: 'List each publisher once.',
    path: ['names'],
  });

/** POST …/dj-edit/ (shared/records DJ_EDIT_ITEMS): the new DJ edit's title (default the parent's), mix name (default "DJ Edit") and release (default the parent's). */
export const DjEditBody = DJ_EDIT_ITEMS.body;

/** A country with its region (continent). */
export const Country = z.object({ id: z.number().int(), code: z.string(), name: z.string(), region: z.string() });
export type Country = z.infer<typeof Country>;

/** The countries a track may be sold in; `restricted: false` (nothing chosen) is every country. */
export const CountriesAllowed = z.object({
  track_id: z.number().int(),
  restricted: z.boolean(),
  count: z.number().int(),
  results: z.array(Country),
});
export type CountriesAllowed = z.infer<typeof CountriesAllowed>;

/** PUT (replace) or POST (add) territories: countries one by one and/or whole regions; at least one. */
export const CountriesAllowedBody = z
  .strictObject({
    country_ids: z.array(countryId, { error: MSG.territoryRequired }).max(MAX_COUNTRIES).optional(),
    regions: z
      .array(z.enum(REGIONS, { error: MSG.selectFromList }))
      .max(REGIONS.length)
      .optional(),
  })
  .refine((b) => (b.country_ids?.length ?? 0) + (b.regions?.length ?? 0) > 0, { message: MSG.territoryRequired, path: ['country_ids'] });

/** Allowed vs all countries, by region. */
export const RegionalSummary = z.object({
  track_id: z.number().int(),
  restricted: z.boolean(),
  allowed: z.number().int(),
  total: z.number().int(),
  results: z.array(z.object({ region: z.string(), allowed: z.number().int(), total: z.number().int() })),
});
export type RegionalSummary = z.infer<typeof RegionalSummary>;

/** Publish, pre-order and takedown times as instants (`_at`, ISO in UTC) and the same in the answer's zone (`_local`, with the offset). */
const TIMES = {
  publish_at: z.string(),
  publish_local: z.string(),
  pre_order_at: z.string().nullable(),
  pre_order_local: z.string().nullable(),
  takedown_at: z.string().nullable(),
  takedown_local: z.string().nullable(),
};

/** One country's times for one commercial model type. */
export const PublishDate = z.object({ country: Country, commercial_model_type: Ref, ...TIMES });
export type PublishDate = z.infer<typeof PublishDate>;
export const PublishDates = z.object({
  track_id: z.number().int(),
  /** The zone of the `_local` fields. */
  time_zone: z.string(),
  count: z.number().int(),
  results: z.array(PublishDate),
});
export type PublishDates = z.infer<typeof PublishDates>;

const TIME_ZONE_MESSAGE = `Enter a time-zone name such as ${PUBLISH_TIME_ZONE}.`;
const timeZone = z.string({ error: TIME_ZONE_MESSAGE }).refine(isTimeZone, TIME_ZONE_MESSAGE);
const localTime = z.string().max(40);

/**
 * Publish, pre-order and takedown times for some countries: local date-times
 * (YYYY-MM-DDTHH:mm, optionally :ss and an offset that picks one of a repeated hour)
 * in `time_zone`. Pre-order and takedown are optional (null: none).
 */
export const PublishTimesFields = z.strictObject({
  country_ids: z.array(countryId, { error: MSG.territoryRequired }).min(1, MSG.territoryRequired).max(MAX_COUNTRIES),
  time_zone: timeZone,
  publish: localTime.nullable().optional(),
  pre_order: localTime.nullable().optional(),
  takedown: localTime.nullable().optional(),
});

/** The times as instants (ISO 8601, UTC), checked against spec §5. */
export interface PublishInstants {
  publish_at: string;
  pre_order_at: string | null;
  takedown_at: string | null;
}

/**
 * Spec §5 on parsed fields: a valid publish time (one that exists in the zone),
 * pre-order before publish, takedown after publish. Adds issues naming the field;
 * returns the instants when all hold.
 */
function instantsOf(v: z.infer<typeof PublishTimesFields>, ctx: z.RefinementCtx): PublishInstants | null {
  const at = (field: 'publish' | 'pre_order' | 'takedown'): string | null | undefined => {
    const local = v[field];
    if (local === null || local === undefined || local === '') return null;
    const r = zonedInstant(local, v.time_zone);
    if (r.ok) return r.instant;
    ctx.addIssue({
      code: 'custom',
      path: [field],
      message: field === 'publish' && r.reason === 'format' ? MSG.publishTimeRequired : r.message,
      input: local,
    });
    return undefined;
  };
  const publish = at('publish');
  const preOrder = at('pre_order');
  const takedown = at('takedown');
  if (publish === null) ctx.addIssue({ code: 'custom', path: ['publish'], message: MSG.publishTimeRequired, input: v.publish });
  if (!publish || preOrder === undefined || takedown === undefined) return null;
  const t = Date.parse(publish);
  let ok = true;
  if (preOrder && Date.parse(preOrder) >= t) {
    ctx.addIssue({ code: 'custom', path: ['pre_order'], message: MSG.preOrderBeforePublish, input: v.pre_order });
    ok = false;
  }
  if (takedown && Date.parse(takedown) <= t) {
    ctx.addIssue({ code: 'custom', path: ['takedown'], message: MSG.takedownAfterPublish, input: v.takedown });
    ok = false;
  }
  return ok ? { publish_at: publish, pre_order_at: preOrder, takedown_at: takedown } : null;
}

/** Body of PUT …/countries-publish-date/: the countries of that commercial model type and their times. */
export const PublishDatesBody = PublishTimesFields.transform((v, ctx) => {
  const instants = instantsOf(v, ctx);
  return instants ? { country_ids: [...new Set(v.country_ids)], time_zone: v.time_zone, ...instants } : z.NEVER;
});

/** countries-times/update: also the commercial model type (omitted: every one of the reference list). */
export const CountriesTimesFields = PublishTimesFields.extend({ commercial_model_type: choiceOf('commercial-model-types').optional() });
export const CountriesTimesBody = CountriesTimesFields.transform((v, ctx) => {
  const instants = instantsOf(v, ctx);
  return instants
    ? {
        country_ids: [...new Set(v.country_ids)],
        commercial_model_type: v.commercial_model_type ?? null,
        time_zone: v.time_zone,
        ...instants,
      }
    : z.NEVER;
});

/** What a release's countries-times/update did: the same times on these tracks. */
export const ReleaseTimesResult = z.object({
  release_id: z.number().int(),
  track_ids: z.array(z.number().int()),
  countries: z.array(Country),
  commercial_model_types: z.array(Ref),
  time_zone: z.string(),
  ...TIMES,
});
export type ReleaseTimesResult = z.infer<typeof ReleaseTimesResult>;

const publishQuery = z.object({
  commercial_model_type: choiceIdParam.optional(),
  time_zone: timeZone.optional(),
});

const T = '/v4/catalog/tracks/:id/';

export const trackSubresourceEndpoints = {
  songwriters: endpoint({
    method: 'GET',
    path: `${T}songwriters/`,
    params: trackParams,
    response: listEnvelope(Songwriter),
    doc: "A track's songwriters with their songwriter type, in the order added.",
  }),
  addSongwriter: endpoint({
    method: 'POST',
    path: `${T}songwriters/`,
    params: trackParams,
    body: SongwriterBody,
    response: Songwriter,
    doc: 'Adds a songwriter to a track (201).',
  }),
  deleteSongwriter: endpoint({
    method: 'DELETE',
    path: `${T}songwriters/:sid/`,
    params: z.object({ id: IdParam, sid: IdParam }),
    response: z.null(),
    doc: "Removes one of a track's songwriters (204).",
  }),
  publishers: endpoint({
    method: 'GET',
    path: `${T}publishers/`,
    params: trackParams,
    response: listEnvelope(Publisher),
    doc: "A track's publishers, in order.",
  }),
  putPublishers: endpoint({
    method: 'PUT',
    path: `${T}publishers/`,
    params: trackParams,
    body: PublishersBody,
    response: listEnvelope(Publisher),
    doc: "Replaces a track's publishers with the names given, in that order.",
  }),
  djEdits: endpoint({
    method: 'GET',
    path: `${T}dj-edit/`,
    params: trackParams,
    response: listEnvelope(ListRow),
    doc: 'The DJ edits made of a track (each as the tracks list shows it).',
  }),
  addDjEdit: endpoint({
    method: 'POST',
    path: `${T}dj-edit/`,
    params: trackParams,
    body: DjEditBody,
    response: ObjectRow,
    doc: 'Makes a DJ edit of a track (201): a new hidden, disabled track awaiting its audio, with is_dj_edit and parent_track_id.',
  }),
  djEditSource: endpoint({
    method: 'GET',
    path: `${T}dj-edit-source/`,
    params: trackParams,
    response: ObjectRow,
    doc: 'The track a DJ edit was made of (404 for a track that is not a DJ edit).',
  }),
  countriesAllowed: endpoint({
    method: 'GET',
    path: `${T}countries-allowed/`,
    params: trackParams,
    response: CountriesAllowed,
    doc: 'The countries a track may be sold in (every country while none are chosen).',
  }),
  putCountriesAllowed: endpoint({
    method: 'PUT',
    path: `${T}countries-allowed/`,
    params: trackParams,
    body: CountriesAllowedBody,
    response: CountriesAllowed,
    doc: "Replaces a track's allowed countries with those given (countries and/or whole regions).",
  }),
  addCountriesAllowed: endpoint({
    method: 'POST',
    path: `${T}countries-allowed/`,
    params: trackParams,
    body: CountriesAllowedBody,
    response: CountriesAllowed,
    doc: "Adds countries (and/or whole regions) to a track's allowed countries.",
  }),
  regionalSummary: endpoint({
    method: 'GET',
    path: `${T}countries-allowed/regional-summary/`,
    params: trackParams,
    response: RegionalSummary,
    doc: 'How many countries of each region a track is allowed in, of all.',
  }),
  publishDates: endpoint({
    method: 'GET',
    path: `${T}countries-publish-date/`,
    params: trackParams,
    query: publishQuery,
    response: PublishDates,
    doc: `A track's publish, pre-order and takedown times per country, of one commercial model type or all; local times in time_zone (default ${PUBLISH_TIME_ZONE}).`,
  }),
  putPublishDates: endpoint({
    method: 'PUT',
    path: `${T}countries-publish-date/`,
    params: trackParams,
    query: z.object({ commercial_model_type: choiceIdParam }),
    body: PublishDatesBody,
    response: PublishDates,
    doc: 'Replaces the countries and times of one commercial model type: the countries given get these times, the others of that type are removed.',
  }),
  updateTimes: endpoint({
    method: 'PUT',
    path: `${T}countries-times/update/`,
    params: trackParams,
    body: CountriesTimesBody,
    response: PublishDates,
    doc: 'Sets these times for the countries given (of one commercial model type, or every one), leaving other countries as they are.',
  }),
};

export const releaseSubresourceEndpoints = {
  updateTimes: endpoint({
    method: 'PUT',
    path: '/v4/catalog/releases/:id/countries-times/update/',
    params: trackParams,
    body: CountriesTimesBody,
    response: ReleaseTimesResult,
    doc: 'countries-times/update for every track of a release, in one transaction.',
  }),
};
