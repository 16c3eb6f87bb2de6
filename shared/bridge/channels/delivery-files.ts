import { z } from 'zod';
import { channel } from '../define';

/**
 * A delivery's files opened or saved through main (spec §7 delivery inspector; issue 27):
 * main fetches GET /v4/.../deliveries/{id}/file/?path= with the session's token (never in
 * the page) and writes the bytes to disk, whole or not at all (main/services/delivery-files.ts).
 */
const DeliveryFile = z
  .object({
    deliveryId: z.number().int().positive().max(999_999_999),
    /** A path the delivery's `files` lists (the API answers 404 for any other). */
    path: z.string().min(1).max(500),
  })
  .strict();

export const deliveryFilesChannels = {
  deliveryFileSave: channel(
    "Saves one file of a delivery, as delivered, where the user chooses (Electron: the save dialog, the file's name suggested; the browser host: a free name in the Downloads folder). The bytes go to a temporary file beside the target and are renamed onto it only once all arrived: never a partial file. `saved` false when the dialog was dismissed. The API's refusal (404: a path the delivery does not list) comes back as its error.",
    DeliveryFile,
    z.object({ saved: z.boolean(), fileName: z.string() }),
  ),
  deliveryFileOpen: channel(
    "Opens one file of a delivery, as delivered, with the system's app for its type: main writes it whole to a folder of its own under the temporary folder, then opens it (Electron only: the browser host refuses, code `unsupported`, saying to use Save…). The API's refusal comes back as its error.",
    DeliveryFile,
    z.object({ fileName: z.string() }),
  ),
} as const;
