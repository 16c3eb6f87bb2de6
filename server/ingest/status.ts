/**
 * A delivery's status (spec §4 release_status, §8 status message) and its timeline:
 * every change appends a delivery_events row in the transaction that makes it. Used by
 * ingestion (server/ingest/ingest.ts), its encodes (server/jobs/encode.ts) and the
 * re-ingest calls (server/api/routes/deliveries.ts).
 */
import { DELIVERY_STATUS_MESSAGES } from '../../shared/messages';
import type { Queryable } from '../db/client';

export type DeliveryMessageKey = keyof typeof DELIVERY_STATUS_MESSAGES;

/** Sets a delivery's status (and message) and appends it to its timeline. */
export async function setDeliveryStatus(
  tx: Queryable,
  id: number,
  status: string,
  key: DeliveryMessageKey | null,
  more: {
    detail?: string | null;
    album_action?: string;
    release_id?: number | null;
    label_id?: number | null;
    genre_id?: number | null;
    ingested?: boolean;
    /** The status message when no §8 text fits (a file problem names the file and the reason). */
    message?: string | null;
  } = {},
): Promise<void> {
  const message = key ? DELIVERY_STATUS_MESSAGES[key] : (more.message ?? null);
  await tx.query(
    `update deliveries set release_status = $2, status_message = $3, updated_at = now(), version = version + 1,
       album_action = coalesce($4, album_action), release_id = coalesce($5, release_id), label_id = coalesce($6, label_id),
       genre_id = coalesce($7, genre_id), ingested = coalesce($8, ingested)
     where id = $1`,
    [
      id,
      status,
      message,
      more.album_action ?? null,
      more.release_id ?? null,
      more.label_id ?? null,
      more.genre_id ?? null,
      more.ingested ?? null,
    ],
  );
  await tx.query('insert into delivery_events (delivery_id, release_status, status_message, detail) values ($1, $2, $3, $4)', [
    id,
    status,
    message,
    more.detail ?? null,
  ]);
}

/** After a delivery's encode: encoded, or encoding-error saying how many tracks could not be encoded. */
export function finishDeliveryEncode(tx: Queryable, deliveryId: number, out: { tracks: unknown[]; errors: number }): Promise<void> {
  return out.errors === 0 && out.tracks.length > 0
    ? setDeliveryStatus(tx, deliveryId, 'encoded', null)
    : setDeliveryStatus(tx, deliveryId, 'encoding-error', null, {
        detail: `${out.errors} of ${out.tracks.length} tracks could not be encoded.`,
      });
}
