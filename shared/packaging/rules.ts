/**
 * Field rules of the packaging wizard (spec §3, §4, §5, §9). Each rule answers the
 * message to show, or null when the value is fine. The wizard, main's package writer
 * and the tests all use these.
 */
import { COVER_ART_MIN, IMAGE_CROPS, MAX_LEN, PRE_ORDER_WEEKS } from '../constants';
import { MSG } from '../messages';
import { PKG_MSG } from './messages';

export type RuleResult = string | null;

/** Required and at most `max` characters (trimmed). */
export function text(label: string, value: string | null | undefined, max: number, required = true): RuleResult {
  const v = (value ?? '').trim();
  if (!v) return required ? PKG_MSG.required(label) : null;
  return v.length > max ? PKG_MSG.tooLong(label, max) : null;
}

export const releaseTitle = (v: string | null | undefined) => text('Title', v, MAX_LEN.releaseTitle);
export const trackTitle = (v: string | null | undefined) => text('Title', v, MAX_LEN.trackTitle);
export const mixName = (v: string | null | undefined) => text('Mix name', v, MAX_LEN.mixName, false);
export const copyrightHolder = (v: string | null | undefined) => text('Copyright holder', v, MAX_LEN.copyrightHolder);

/** GTIN check digit (UPC-A, EAN-13, EAN-8, GTIN-14): weights 3,1,3... from the right, before the check digit. */
export function gtinCheckDigitValid(digits: string): boolean {
  let sum = 0;
  for (let i = digits.length - 2, w = 3; i >= 0; i--, w = 4 - w) sum += Number(digits[i]) * w;
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

/** UPC/EAN: required, at most 32 characters (§9), digits, a GTIN length and a valid check digit. */
export function upc(value: string | null | undefined): RuleResult {
  const v = (value ?? '').trim();
  if (!v) return PKG_MSG.required('UPC/EAN');
  if (v.length > MAX_LEN.upc) return PKG_MSG.tooLong('UPC/EAN', MAX_LEN.upc);
  if (!/^\d+$/.test(v)) return PKG_MSG.upcDigits;
  if (![8, 12, 13, 14].includes(v.length)) return PKG_MSG.upcLength;
  return gtinCheckDigitValid(v) ? null : PKG_MSG.upcCheckDigit;
}

const ISRC_RE = /^([A-Z]{2})-?([A-Z0-9]{3})-?(\d{2})-?(\d{5})$/;

/** ISRC: required, at most 16 characters (§9), in its CC-XXX-YY-NNNNN form (hyphens optional). */
export function isrc(value: string | null | undefined): RuleResult {
  const v = (value ?? '').trim();
  if (!v) return PKG_MSG.required('ISRC');
  if (v.length > MAX_LEN.isrc) return PKG_MSG.tooLong('ISRC', MAX_LEN.isrc);
  return ISRC_RE.test(v.toUpperCase()) ? null : PKG_MSG.isrcFormat;
}

/** The 12-character ISRC as DDEX carries it (no hyphens, upper case); null when invalid. */
export function compactIsrc(value: string): string | null {
  const m = ISRC_RE.exec(value.trim().toUpperCase());
  return m ? m.slice(1).join('') : null;
}

/** Pre-order weeks and default pre-order weeks: 0-4 (§9). */
export function preOrderWeeks(value: number | null | undefined): RuleResult {
  if (value === null || value === undefined) return null;
  return (PRE_ORDER_WEEKS as readonly number[]).includes(value) ? null : PKG_MSG.preOrderWeeks;
}

export function bpm(value: number | null | undefined): RuleResult {
  if (value === null || value === undefined) return null;
  return Number.isFinite(value) && value >= 1 && value <= 999 ? null : PKG_MSG.bpm;
}

const DDEX_PARTY_ID_RE = /^PADPIDA\d{10}[A-Z0-9]?$/;

/**
 * DDEX party id (§5): PADPIDA, 10 digits, an optional uppercase letter or digit.
 * Answers the spec's message for each case: valid, invalid, or empty (which is valid).
 */
export function ddexPartyId(value: string | null | undefined): { valid: boolean; message: string } {
  const v = value ?? '';
  if (v === '') return { valid: true, message: MSG.emptyEntry };
  return DDEX_PARTY_ID_RE.test(v) ? { valid: true, message: MSG.validDdexPartyId } : { valid: false, message: MSG.invalidDdexPartyId };
}

/** A package needs a sender: the supplier's DDEX party id must be present and valid. */
export function senderPartyId(value: string | null | undefined): RuleResult {
  if (!value) return PKG_MSG.senderPartyIdMissing;
  return ddexPartyId(value).valid ? null : PKG_MSG.senderPartyId;
}

/**
 * What the Finish step says about the sender, or null when it may send. An empty
 * party id passes the supplier form (§5 "empty entry"), but a package needs one, so
 * it is named plainly rather than shown as "empty entry".
 */
export function senderProblem(s: { partyId: string; valid: boolean; partyIdMessage: string }): RuleResult {
  return senderPartyId(s.partyId) ?? (s.valid ? null : s.partyIdMessage);
}

/** A select's value must be one of its options (§5). */
export function fromList<T>(value: T | null | undefined, options: readonly T[], required = true): RuleResult {
  if (value === null || value === undefined || value === '') return required ? PKG_MSG.selectFromList : null;
  return options.includes(value) ? null : PKG_MSG.selectFromList;
}

export interface CoverArtCheck {
  errors: string[];
  warnings: string[];
}

/** Cover art (§5): at least 500x500 and square; the default crop 1400x1400 (§9) is recommended. */
export function coverArt(size: { width: number; height: number }): CoverArtCheck {
  const errors: string[] = [];
  const warnings: string[] = [];
  if (size.width < COVER_ART_MIN || size.height < COVER_ART_MIN) errors.push(PKG_MSG.coverArtTooSmall);
  if (size.width !== size.height) errors.push(PKG_MSG.coverArtNotSquare);
  const [w, h] = IMAGE_CROPS.default;
  if (!errors.length && (size.width !== w || size.height !== h)) warnings.push(PKG_MSG.coverArtCrop);
  return { errors, warnings };
}

/**
 * Track reordering (§4): the moved track takes its new 1-based position; the others
 * are renumbered sequentially. `from` and `to` are 0-based indexes.
 */
export function moveTrack<T extends { position: number }>(tracks: readonly T[], from: number, to: number): T[] {
  const list = [...tracks];
  if (from < 0 || from >= list.length) return list.map((t, i) => ({ ...t, position: i + 1 }));
  const [moved] = list.splice(from, 1);
  list.splice(Math.max(0, Math.min(to, list.length)), 0, moved);
  return list.map((t, i) => ({ ...t, position: i + 1 }));
}

/** Selecting a genre resets the sub-genre (§4). */
export function selectGenre<T extends { genre: unknown; subGenre: unknown }>(item: T, genre: T['genre']): T {
  return { ...item, genre, subGenre: null };
}

/**
 * A track title from a file name: without its suffix and a leading track number
 * ("01 Opening.wav", "01 - Opening", "1. Opening", "A2 Opening", "1-02 Opening" are all
 * "Opening"). A name that is only a number, or whose number runs into the words
 * ("1999.wav", "2Pac Intro"), is kept as it is.
 */
export function titleFromFileName(name: string): string {
  const stem = name.replace(/\.[^.]+$/, '').trim();
  const m = /^(?:\d{1,2}[-.])?(?:[A-Da-d]?\d{1,3})(?:\s*[-._)]\s*|\s+)(\S.*)$/.exec(stem);
  return m ? m[1].trim() : stem;
}
