/** The track fields a user may set on many tracks at once (the bulk edit's changes, by the write rules and the brand). */
import type { Principal } from '../../../shared/access';
import { TrackBulkChanges } from '../../../shared/api/endpoints';
import { RECORDS, mayEdit, onBrand } from '../../../shared/records';

export function bulkFields(principal: Principal): string[] {
  const fields = RECORDS.tracks.fields as Readonly<Record<string, { brands?: readonly string[] }>>;
  return Object.keys(TrackBulkChanges.shape).filter((k) => onBrand(fields[k], principal.brand) && mayEdit(principal, 'tracks', k));
}
