import { z } from 'zod';
import { ScanProgress } from '../packaging/model';
import { ExportProgressShape } from './channels/exports';

/** Events main pushes to the renderer over the same transport as the calls. */
export const bridgeEvents = {
  /** The session ended (401 that refresh could not cure, sign-out elsewhere). */
  sessionEnded: z.object({ reason: z.string() }),
  /** A background job changed state (spec §4 polling). */
  jobProgress: z.object({ jobId: z.string(), state: z.string(), detail: z.unknown().optional() }),
  /** A CSV export wrote more rows, or ended (done, failed, cancelled). */
  exportProgress: ExportProgressShape,
  /** Packaging scan progress: per file (with its entry) and in bytes. */
  packagingScanProgress: ScanProgress,
  /** Packaging build progress: one step per file copied and verified, then the XML, then done. */
  packagingBuildProgress: z.object({
    buildId: z.string(),
    step: z.string(),
    done: z.number().int(),
    total: z.number().int(),
    bytesDone: z.number().optional(),
    bytesTotal: z.number().optional(),
  }),
  /** Delivery to the store: the file being sent and bytes sent of the package. */
  packagingDeliverProgress: z.object({
    deliveryId: z.string(),
    file: z.string(),
    filesDone: z.number().int(),
    filesTotal: z.number().int(),
    bytesDone: z.number(),
    bytesTotal: z.number(),
  }),
} as const;
export type BridgeEvents = typeof bridgeEvents;
export type BridgeEventName = keyof BridgeEvents;
export type BridgeEventPayload<E extends BridgeEventName> = z.infer<BridgeEvents[E]>;
