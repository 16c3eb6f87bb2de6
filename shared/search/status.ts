/**
 * Status-tag words of spec §4, one function per kind of status. The screens show
 * `text` in a tag of `tone`; the export writes `text`.
 */

export type Tone = 'success' | 'processing' | 'error' | 'warning' | 'default';
export interface StatusTag {
  readonly text: string;
  readonly tone: Tone;
}

const tag = (text: string, tone: Tone): StatusTag => ({ text, tone });
const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

/** Orders and hype purchases: Voided, or Active. */
export const voidedTag = (voided: unknown): StatusTag => (truthy(voided) ? tag('Voided', 'error') : tag('Active', 'success'));

/** PPOSP enrollment (1 enrolled, 0 not). */
export const enrollmentTag = (status: unknown): StatusTag =>
  truthy(status) ? tag('Enrolled', 'success') : tag('Not Enrolled', 'default');

/** Users and DJ profiles. */
export const indexedTag = (indexed: unknown): StatusTag =>
  truthy(indexed) ? tag('Indexed', 'success') : tag('Not Indexed', 'default');

/** Labels and releases: ineligible unless eligible; then active or inactive. */
export function hypeTag(eligible: unknown, active: unknown): StatusTag {
  if (!truthy(eligible)) return tag('Hype Ineligible', 'default');
  return truthy(active) ? tag('Hype Active', 'success') : tag('Hype Inactive', 'warning');
}

/** Labels: whether the temporary account was claimed. */
export const claimedTag = (claimed: unknown): StatusTag =>
  truthy(claimed) ? tag('Account claimed', 'success') : tag('Account not claimed', 'warning');

export const ENCODE_STATUSES = ['CONVERTED', 'TRANSCODING', 'ERROR', 'Not Converted', 'Pending Audio Encode'] as const;

/** Encode status as the spec spells it (§4); unknown values are shown as they are. */
export function encodeStatusTag(status: unknown): StatusTag {
  const s = typeof status === 'string' ? status : '';
  switch (s) {
    case 'CONVERTED': return tag(s, 'success');
    case 'TRANSCODING': return tag(s, 'processing');
    case 'ERROR': return tag(s, 'error');
    case 'Pending Audio Encode': return tag(s, 'warning');
    case '': return tag('Not Converted', 'default');
    default: return tag(s, 'default');
  }
}

export const ORDER_STATUSES = ['Open', 'Complete', 'Deleted'] as const;

export function orderStatusTag(status: unknown): StatusTag {
  const s = typeof status === 'string' ? status : '';
  return tag(s, s === 'Complete' ? 'success' : s === 'Deleted' ? 'error' : s === 'Open' ? 'processing' : 'default');
}

/** Delivery release_status (spec §4): errors red, done green, the rest in progress. */
export function releaseStatusTag(status: unknown): StatusTag {
  const s = typeof status === 'string' ? status : '';
  if (/error|rejected/.test(s)) return tag(s, 'error');
  if (['release-ingested', 'encoded', 'published', 'updated', 'filter-bypassed'].includes(s)) return tag(s, 'success');
  return tag(s, 'processing');
}
