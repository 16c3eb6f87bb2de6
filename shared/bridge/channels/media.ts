import { z } from 'zod';
import { AudioFormatValue, ReleaseImage } from '../../api/endpoints/media';
import { CouponUsersUpload } from '../../api/endpoints/coupons';
import { BulkCreditResult } from '../../api/endpoints/credits';
import { ObjectRow } from '../../api/endpoints/lists';
import { MODULE_IMAGE_NAME, ModuleImageUpload } from '../../api/endpoints/curation';
import { channel } from '../define';

/**
 * A release's cover art and a track's preview (spec §5, §7; issue 13). The renderer
 * neither reads files nor holds the token: main reads the image the user picked
 * (packagingPick / the browser host's packagingBrowsePick) and POSTs its bytes, and
 * main hands out short-lived media URLs on the app's own origin (MEDIA_PATH) that it
 * answers by fetching the API with the session's token (HTTP Range passed through).
 */
const RecordId = z.number().int().positive().max(999_999_999);
const ImageRecordTypeValue = z.enum(['labels', 'charts', 'artists']);

export const MediaTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('releaseImage'), releaseId: RecordId, variant: z.enum(['original', 'default']) }).strict(),
  z.object({ kind: z.literal('trackStream'), trackId: RecordId }).strict(),
  z.object({ kind: z.literal('supportDownload'), trackId: RecordId, format: AudioFormatValue }).strict(),
  /** A label's, a chart's or an artist's stored image (GET …/{type}/{id}/image/). */
  z.object({ kind: z.literal('recordImage'), type: ImageRecordTypeValue, id: RecordId }).strict(),
  z.object({ kind: z.literal('moduleImage'), moduleId: RecordId, name: z.string().regex(MODULE_IMAGE_NAME) }).strict(),
]);
export type MediaTarget = z.infer<typeof MediaTarget>;

export const mediaChannels = {
  mediaCoverUpload: channel(
    "Sets a release's cover art from an image the user picked in this launch (main reads it; JPEG or PNG): POST /v4/catalog/releases/{id}/images/ with its bytes. Answers the release's images; the §5 rule's refusal comes back as the API's 400 naming `image`.",
    z.object({ releaseId: RecordId, path: z.string().min(1).max(4096) }).strict(),
    z.object({ results: z.array(ReleaseImage) }),
  ),
  mediaRecordImageUpload: channel(
    "Sets a label's or a chart's image, or an artist's profile image, from an image the user picked in this launch (main reads it; JPEG or PNG): POST /v4/catalog/{type}/{id}/images/ with its bytes. Answers the record (with its new image_url and version); a refused image comes back as the API's 400 naming `image`.",
    z.object({ type: ImageRecordTypeValue, id: RecordId, path: z.string().min(1).max(4096) }).strict(),
    ObjectRow,
  ),
  moduleImageUpload: channel(
    "Stores an image the user picked in this launch (main reads it; JPEG or PNG) for a page module's items: POST /v4/curation/page-modules/{id}/images/ with its bytes. Answers its name, size and the module's §9 crop; the API's 400 names `image`.",
    z.object({ moduleId: RecordId, path: z.string().min(1).max(4096) }).strict(),
    ModuleImageUpload,
  ),
  couponUsersUpload: channel(
    "Adds the users of a CSV file the user picked in this launch (packagingPick kind csv) to a coupon: main streams the file as the body of POST /v4/content-ops/coupons/{id}/users/upload/ (never read whole). The API's 400 (no person_id/user_id column, a file that does not parse, rows naming no user with their lines) comes back as its body.",
    z.object({ couponId: RecordId, path: z.string().min(1).max(4096) }).strict(),
    CouponUsersUpload,
  ),
  creditsBulkUpload: channel(
    "Adds the same credit (amount, currency, reason) to the users of a CSV file the user picked in this launch (packagingPick kind csv): main streams the file as the body of POST /v4/accounts/credits/bulk/upload/ with the Idempotency-Key the renderer made for this submission (a retry never credits twice). The API's 400 (no person_id/user_id column, rows naming no user with their lines, a missing currency or reason) comes back as its body.",
    z
      .object({
        path: z.string().min(1).max(4096),
        amount: z.number().positive().max(1e9),
        currency: z.string().min(1).max(8),
        reason_id: RecordId,
        idempotencyKey: z.string().min(1).max(255),
      })
      .strict(),
    BulkCreditResult,
  ),
  mediaUrl: channel(
    "A URL on the app's own origin (MEDIA_PATH + a random ticket, valid for MEDIA_TICKET_TTL_MS) that main answers with a release image's, a page module image's, a track preview's or a support download's bytes (as an attachment), fetched from the API with the session's token (Range requests passed through).",
    z.object({ target: MediaTarget }).strict(),
    z.object({ url: z.string() }),
  ),
} as const;
