import { z } from 'zod';
import { ExportProgressShape } from './channels/exports';

/** Events main pushes to the renderer over the same transport as the calls. */
export const bridgeEvents = {
  /** The session ended (401 that refresh could not cure, sign-out elsewhere). */
  sessionEnded: z.object({ reason: z.string() }),
  /** A background job changed state (spec §4 polling). */
  jobProgress: z.object({ jobId: z.string(), state: z.string(), detail: z.unknown().optional() }),
  /** A CSV export wrote more rows, or ended (done, failed, cancelled). */
  exportProgress: ExportProgressShape,
} as const;
export type BridgeEvents = typeof bridgeEvents;
export type BridgeEventName = keyof BridgeEvents;
export type BridgeEventPayload<E extends BridgeEventName> = z.infer<BridgeEvents[E]>;
