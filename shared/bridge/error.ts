/**
 * The bridge's error, free of zod so the renderer's first chunk can import it
 * without the schema library (renderer/lib/bridge.ts imports this file only).
 * `define.ts` holds the matching zod schema, BridgeErrorShape.
 */
export interface BridgeErrorShapeFields {
  code: string;
  message: string;
  status?: number;
  detail?: unknown;
}

/**
 * What a failed bridge call rejects with in the renderer (and what handlers throw in
 * main). `status` is set when the API host answered 400-599 (spec §7): `message` is
 * then its status text or "Received unexpected status code: N", `detail` the body's
 * detail (or the body). The renderer keeps this error as delivered; its screens turn
 * it into text with renderer/lib/http-errors.ts.
 */
export class BridgeError extends Error {
  readonly code: string;
  readonly status?: number;
  readonly detail?: unknown;
  constructor(shape: BridgeErrorShapeFields) {
    super(shape.message);
    this.name = 'BridgeError';
    this.code = shape.code;
    this.status = shape.status;
    this.detail = shape.detail;
  }
  toShape(): BridgeErrorShapeFields {
    const shape: BridgeErrorShapeFields = { code: this.code, message: this.message };
    if (this.status !== undefined) shape.status = this.status;
    if (this.detail !== undefined) shape.detail = this.detail;
    return shape;
  }
}

/** A transport's answer to one call (the zod schema is BridgeResult in define.ts). */
export type BridgeAnswer = { ok: true; value: unknown } | { ok: false; error: BridgeErrorShapeFields };

/**
 * The value of an answer, or the BridgeError it carries, thrown: how the renderer's
 * transports (the Electron preload's and the browser host's) read every answer
 * (class instances do not cross IPC or a WebSocket, the shape does).
 */
export function answerValue(answer: BridgeAnswer): unknown {
  if (answer.ok) return answer.value;
  throw new BridgeError(answer.error);
}
