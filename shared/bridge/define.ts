import { z } from 'zod';
import { BridgeError, type BridgeAnswer, type BridgeErrorShapeFields } from './error';

/**
 * One bridge channel: the request the renderer sends, the response main returns,
 * and what it does. Declared once here; the Electron IPC transport and the browser
 * host's WebSocket transport both parse requests with `request` before any handler
 * runs, and the preload and the renderer client derive their typed functions from it.
 */
export interface Channel<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly doc: string;
  readonly request: Req;
  readonly response: Res;
}

export function channel<Req extends z.ZodType, Res extends z.ZodType>(doc: string, request: Req, response: Res): Channel<Req, Res> {
  return { doc, request, response };
}

/** An empty request or an acknowledgement. */
export const Empty = z.object({}).strict();
export const Ok = z.object({ ok: z.literal(true) });

/**
 * The error every channel can fail with. `status` is the HTTP status when the
 * failure came from the API host; `code` is a stable machine word.
 */
export const BridgeErrorShape = z.object({
  code: z.string(),
  message: z.string(),
  status: z.number().int().optional(),
  detail: z.unknown().optional(),
}) satisfies z.ZodType<BridgeErrorShapeFields>;
export type BridgeErrorShape = z.infer<typeof BridgeErrorShape>;

/** What a transport carries back for one call. */
export const BridgeResult = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: BridgeErrorShape }),
]) satisfies z.ZodType<BridgeAnswer>;
export type BridgeResult = z.infer<typeof BridgeResult>;

export { BridgeError } from './error';

/** The first three issues as `field: message`, `whole` naming an issue of the value itself. */
export function issuesText(issues: readonly z.core.$ZodIssue[], whole: string): string {
  return issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || whole}: ${i.message}`)
    .join('; ');
}

/**
 * `data` parsed by `schema`. Data that does not match fails with a BridgeError
 * `bad_response`: "Unexpected <what> (the first fields at fault).", the issues in
 * `detail`. Answers of the API host (shared/api/endpoint.ts parseAs) and of main's
 * bridge channels and events (parseChannelAnswer, parseEventPayload) fail this way.
 */
export function parseAnswer<S extends z.ZodType>(schema: S, what: string, data: unknown): z.output<S> {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  throw new BridgeError({
    code: 'bad_response',
    message: `Unexpected ${what} (${issuesText(r.error.issues, '(body)')}).`,
    detail: r.error.issues,
  });
}
