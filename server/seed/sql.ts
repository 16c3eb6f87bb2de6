/** SQL literals the seed builds its INSERT … SELECTs from. */
import type { EncodeStatus, OrderStatus } from '../../shared/vocabularies';
import { EXCLUSIVE_PERIODS } from '../../shared/constants';

export const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
export const arr = (xs: readonly string[]) => `array[${xs.map(lit).join(',')}]::text[]`;
/** SQL expression picking a random element of a text array literal. */
export const pick = (xs: readonly string[]) => `(${arr(xs)})[1 + floor(random() * ${xs.length})::int]`;
/** An encode status (shared/vocabularies.ts ENCODE_STATUS) as an SQL literal. */
export const encode = (s: EncodeStatus) => lit(s);
/** Order statuses (shared/vocabularies.ts ORDER_STATUS) as an SQL text array, weighted by repeating some. */
export const orderStatuses = (xs: readonly OrderStatus[]) => arr(xs);
/** Every exclusive period (§9, shared/constants.ts), Lifetime as null. */
export const EXCLUSIVE_DAYS = EXCLUSIVE_PERIODS.map((p) => p.days);
export const exclusiveDaysSql = `array[${EXCLUSIVE_DAYS.map((d) => d ?? 'null').join(', ')}]`;
