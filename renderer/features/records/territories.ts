/**
 * The Territories & Publish Dates tab's logic: the publish-times form checked with the
 * API's own schema (spec §5 words on each field, the zone's skipped hour refused), and
 * a local time as the tab shows it (Mountain time with its offset).
 */
import type { BodyIn } from '../../../shared/api/endpoint';
import { CountriesTimesBody, type trackSubresourceEndpoints } from '../../../shared/api/endpoints';
import { displayDate } from '../../../shared/search/format';

export type TimesField = 'country_ids' | 'publish' | 'pre_order' | 'takedown' | 'commercial_model_type';
export interface TimesDraft {
  country_ids: number[];
  commercial_model_type: number | null;
  publish: string;
  pre_order: string;
  takedown: string;
}

/** The body to send (local times, the zone named), or the first message of each field that is wrong. */
export type TimesBody = BodyIn<typeof trackSubresourceEndpoints.updateTimes>;
export function publishTimesBody(d: TimesDraft, zone: string): { body: TimesBody } | { errors: Partial<Record<TimesField, string>> } {
  const body = {
    country_ids: d.country_ids,
    time_zone: zone,
    publish: d.publish || null,
    pre_order: d.pre_order || null,
    takedown: d.takedown || null,
    ...(d.commercial_model_type === null ? {} : { commercial_model_type: d.commercial_model_type }),
  };
  const r = CountriesTimesBody.safeParse(body);
  if (r.success) return { body };
  const errors: Partial<Record<TimesField, string>> = {};
  // The times are checked only once the fields parse: with no country chosen, check them as if one were, to show every problem at once.
  const times = body.country_ids.length === 0 ? CountriesTimesBody.safeParse({ ...body, country_ids: [1] }) : r;
  for (const issue of [...r.error.issues, ...(times.error?.issues ?? [])]) {
    const key = String(issue.path[0] ?? 'country_ids') as TimesField;
    errors[key] ??= issue.message;
  }
  return { errors };
}

/** `2025-03-09T03:30:00-06:00` as `03/09/2025 03:30 (UTC-06:00)`; '' for none. */
export function shownLocal(local: string | null): string {
  if (!local) return '';
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2})?(Z|[+-]\d{2}:\d{2})?$/.exec(local);
  if (!m) return local;
  return `${displayDate(m[1])} ${m[2]}${m[3] ? ` (UTC${m[3] === 'Z' ? '+00:00' : m[3]})` : ''}`;
}
