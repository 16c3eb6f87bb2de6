/**
 * Status-tag words of spec §4, one function per kind of status. The screens show
 * `text` in a tag of `tone`; the export writes `text`.
 */
import { ENCODE_STATUS, ORDER_STATUS, PPOSP_ENROLLMENT, RELEASE_STATUS, termOf, type Term, type Tone } from '../vocabularies';

export type { Tone } from '../vocabularies';
export { ENCODE_STATUSES, ORDER_STATUSES } from '../vocabularies';

export interface StatusTag {
  readonly text: string;
  readonly tone: Tone;
}

const tag = (text: string, tone: Tone): StatusTag => ({ text, tone });
const termTag = (t: Term): StatusTag => tag(t.label, t.tone);
const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

/** Orders and hype purchases: Voided, or Active. */
export const voidedTag = (voided: unknown): StatusTag => (truthy(voided) ? tag('Voided', 'error') : tag('Active', 'success'));

/** PPOSP enrollment (1 enrolled, 0 not). */
export const enrollmentTag = (status: unknown): StatusTag => termTag(PPOSP_ENROLLMENT[truthy(status) ? 0 : 1]);

/** Users and DJ profiles. */
export const indexedTag = (indexed: unknown): StatusTag => (truthy(indexed) ? tag('Indexed', 'success') : tag('Not Indexed', 'default'));

/** Labels and releases: ineligible unless eligible; then active or inactive. */
export function hypeTag(eligible: unknown, active: unknown): StatusTag {
  if (!truthy(eligible)) return tag('Hype Ineligible', 'default');
  return truthy(active) ? tag('Hype Active', 'success') : tag('Hype Inactive', 'warning');
}

/** Labels: whether the temporary account was claimed. */
export const claimedTag = (claimed: unknown): StatusTag =>
  truthy(claimed) ? tag('Account claimed', 'success') : tag('Account not claimed', 'warning');

/** Encode status as the spec spells it (§4); empty is Not Converted; unknown values are shown as they are. */
export function encodeStatusTag(status: unknown): StatusTag {
  const s = typeof status === 'string' ? status : '';
  const t = termOf(ENCODE_STATUS, s === '' ? 'Not Converted' : s);
  return t ? termTag(t) : tag(s, 'default');
}

export function orderStatusTag(status: unknown): StatusTag {
  const s = typeof status === 'string' ? status : '';
  const t = termOf(ORDER_STATUS, s);
  return t ? termTag(t) : tag(s, 'default');
}

/** Delivery release_status (spec §4): errors red, done green, the rest in progress. */
export function releaseStatusTag(status: unknown): StatusTag {
  const s = typeof status === 'string' ? status : '';
  const t = termOf(RELEASE_STATUS, s);
  if (t) return termTag(t);
  return tag(s, /error|rejected/.test(s) ? 'error' : 'processing');
}
