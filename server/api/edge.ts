/**
 * The edge of both Fastify apps: checks every request before any handler, whatever
 * the route's own schema, and maps database errors to client errors.
 *
 * - onRequest: the path and every query parameter. A repeated parameter (it would
 *   arrive as an array), a control character (NUL and the other C0 controls; tab, CR
 *   and LF only in query values), a value longer than MAX_PARAM_LENGTH, or more than
 *   MAX_QUERY_PARAMS parameters → 400 naming the parameter.
 * - preValidation: the parsed body. Form fields as the query (once each); JSON
 *   strings and keys without control characters other than tab/CR/LF, nested at most
 *   MAX_JSON_DEPTH deep.
 * - dbErrorReply: PostgreSQL class 22 (data exception) and 23 (integrity) errors, and
 *   class 54 (a value too large for the database) → 400 (409 for a duplicate) with a
 *   generic message, naming the field only from a plain column name, never the
 *   database's text, constraint or table.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ANY_CONTROL_CHARS, CONTROL_CHARS, MAX_JSON_DEPTH, MAX_PARAM_LENGTH, MAX_QUERY_PARAMS, VALUE_MSG } from '../../shared/api';
import { MSG } from '../../shared/messages';
import { RECORD_MSG } from '../../shared/records/checks';
import { SHOWN_CONVERTED_CHECK } from '../catalog/visibility';
import { HttpError } from '../domain/errors';

const bad = (field: string, message: string) => new HttpError(400, { [field]: [message] });
/** A name safe to echo back as a field key (parameter names can be anything). */
const fieldName = (name: string) => (/^[A-Za-z0-9_.-]{1,64}$/.test(name) ? name : 'non_field_errors');

/** Query parameters or form fields: each once, a string, short, without control characters. */
function checkParams(params: unknown, what: 'query' | 'form') {
  if (params === null || typeof params !== 'object') return;
  const entries = Object.entries(params as Record<string, unknown>);
  if (entries.length > MAX_QUERY_PARAMS) {
    throw new HttpError(400, { detail: `Send at most ${MAX_QUERY_PARAMS} ${what === 'query' ? 'query parameters' : 'form fields'}.` });
  }
  for (const [name, value] of entries) {
    const field = fieldName(name);
    if (name.length > MAX_PARAM_LENGTH || ANY_CONTROL_CHARS.test(name)) {
      throw new HttpError(400, { detail: `A ${what === 'query' ? 'query parameter' : 'form field'} name is malformed.` });
    }
    if (Array.isArray(value)) throw bad(field, VALUE_MSG.repeated);
    if (typeof value !== 'string') continue;
    if (CONTROL_CHARS.test(value)) throw bad(field, VALUE_MSG.control);
    if (value.length > MAX_PARAM_LENGTH) throw bad(field, VALUE_MSG.tooLong(MAX_PARAM_LENGTH));
  }
}

/** The path and its parameters: no control character at all, segments of bounded length. */
function checkPath(req: FastifyRequest) {
  const path = req.url.split('?')[0];
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    throw new HttpError(400, { detail: 'The URL path is malformed.' });
  }
  if (ANY_CONTROL_CHARS.test(decoded)) throw new HttpError(400, { detail: 'Remove the control characters (such as NUL) from the URL.' });
  for (const [name, value] of Object.entries((req.params ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string' && value.length > MAX_PARAM_LENGTH) throw bad(fieldName(name), VALUE_MSG.tooLong(MAX_PARAM_LENGTH));
  }
}

/**
 * A JSON body: strings and keys without control characters (tab, CR, LF allowed), at
 * most MAX_JSON_DEPTH deep. Walked without recursion; the first offending top-level
 * field is named.
 */
function checkJson(body: unknown) {
  if (body === null || typeof body !== 'object') {
    if (typeof body === 'string' && CONTROL_CHARS.test(body)) throw bad('non_field_errors', VALUE_MSG.control);
    return;
  }
  const stack: { v: unknown; depth: number; field: string | null }[] = [{ v: body, depth: 1, field: null }];
  while (stack.length) {
    const { v, depth, field } = stack.pop()!;
    if (typeof v === 'string') {
      if (CONTROL_CHARS.test(v)) throw bad(field ?? 'non_field_errors', VALUE_MSG.control);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth > MAX_JSON_DEPTH) throw new HttpError(400, { detail: `JSON nested deeper than ${MAX_JSON_DEPTH} levels.` });
    const top = field === null;
    for (const [k, child] of Object.entries(v)) {
      const name = top && !Array.isArray(v) ? fieldName(k) : (field ?? 'non_field_errors');
      if (CONTROL_CHARS.test(k)) throw bad(name, VALUE_MSG.control);
      stack.push({ v: child, depth: depth + 1, field: name });
    }
  }
}

/** The request carried a body (a JSON `null` parses to null, as does no body at all on some routes). */
function sentBody(req: FastifyRequest): boolean {
  const length = Number(req.headers['content-length'] ?? 0);
  return length > 0 || req.headers['transfer-encoding'] !== undefined;
}

/** Installs the edge checks on an app (before any route is registered, so they cover every route and the 404 handler). */
export function installEdge(app: FastifyInstance) {
  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.config?.ownInputChecks) return;
    checkPath(req);
    checkParams(req.query, 'query');
  });
  app.addHook('preValidation', async (req) => {
    if (req.routeOptions.config?.ownInputChecks) return;
    if (req.body === null && sentBody(req)) throw bad('non_field_errors', 'Send a JSON object or list, not null.');
    if (req.body === undefined || req.body === null) return;
    const type = String(req.headers['content-type'] ?? '').toLowerCase();
    if (type.startsWith('application/x-www-form-urlencoded')) checkParams(req.body, 'form');
    // A body left as the request stream (a CSV upload) is not JSON: its route reads and checks it.
    else if (!(req.body instanceof Readable)) checkJson(req.body);
  });
}

/** SQLSTATE of a database error, or null for any other error. */
export function sqlState(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  const severity = (err as { severity?: unknown } | null)?.severity;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string' ? code : null;
}

const DB_MESSAGES: Readonly<Record<string, string>> = {
  '22001': 'Ensure this value is not too long.',
  '22003': 'Ensure this number is within range.',
  '22007': VALUE_MSG.realDate,
  '22008': VALUE_MSG.realDate,
  '22021': VALUE_MSG.control,
  '22P05': VALUE_MSG.control,
  '23502': 'This field is required.',
  '23503': 'This is still in use.',
  '23505': 'This value is already in use.',
  '23514': 'This value is not allowed.',
};

const COLUMN = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * The field a database error is about, only from plain column names PostgreSQL gives
 * (its `column`, or the `Key (a, b)=` of its detail), never a constraint or table. For a
 * key of several columns, the one the request sent (`sent`: the body's field names).
 */
function columnOf(err: { column?: unknown; detail?: unknown }, sent: readonly string[]): string | null {
  if (typeof err.column === 'string') return COLUMN.test(err.column) ? err.column : null;
  const key = /^Key \(([^)]*)\)=/.exec(String(err.detail ?? ''))?.[1];
  const cols = key?.split(/,\s*/) ?? [];
  if (!cols.length || !cols.every((c) => COLUMN.test(c))) return null;
  if (cols.length === 1) return cols[0];
  const named = cols.filter((c) => sent.includes(c));
  return named.length === 1 ? named[0] : null;
}

/**
 * The v4 answer for a database error the request caused (bad data, a broken
 * constraint), or null when the error is the server's own (→ 500, logged).
 */
export function dbErrorReply(err: unknown, sent: readonly string[] = []): { status: number; body: Record<string, string[]> } | null {
  const code = sqlState(err);
  if (!code) return null;
  const cls = code.slice(0, 2);
  if (cls !== '22' && cls !== '23' && code !== '54000') return null;
  // Spec §4's rule refused by the database (a path the record checks did not see): their 400 by field, never the constraint's name.
  if (code === '23514' && (err as { constraint?: unknown }).constraint === SHOWN_CONVERTED_CHECK) {
    const body: Record<string, string[]> = {};
    if (sent.includes('enabled') || !sent.includes('hidden')) body.enabled = [RECORD_MSG.notConvertedEnabled];
    if (sent.includes('hidden') || !sent.includes('enabled')) body.hidden = [RECORD_MSG.notConvertedShown];
    return { status: 400, body };
  }
  // An id that names no row is the one reference rule's (server/api/references.ts) and says what it says; a row still in use keeps its own text.
  const missing = code === '23503' && /is not present in table/.test(String((err as { detail?: unknown }).detail ?? ''));
  const message = missing
    ? MSG.selectFromList
    : (DB_MESSAGES[code] ??
      (cls === '23' ? 'This value is not allowed.' : cls === '54' ? 'This value is too large.' : 'Enter a valid value.'));
  const field = columnOf(err as { column?: unknown; detail?: unknown }, sent) ?? 'non_field_errors';
  return { status: code === '23505' ? 409 : 400, body: { [field]: [message] } };
}
