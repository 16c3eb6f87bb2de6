/**
 * A CSV file of users read as it streams in (csv-parse): the column headed person_id or
 * user_id (spec §3, any case), each data row's value with its line number, and which
 * rows name no user (looked up in batches, so 100,000 rows never sit in one query or
 * in memory as text). Shared by the uploads that take a list of users.
 */
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { CSV_UNKNOWN_SHOWN, CSV_UPLOAD_MAX_BYTES, CSV_USER_COLUMNS, type CsvUnknownRow } from '../../shared/api/endpoints';
import { MSG } from '../../shared/messages';
import type { Queryable } from '../db/client';
import { HttpError } from '../domain/errors';

const BATCH = 5000;
const INT4_MAX = 2_147_483_647;

export interface CsvUsers {
  /** Data rows read. */
  rows: number;
  /** The distinct user ids named, all of them users. */
  ids: number[];
}

/** Stops a body past `max` bytes (413) as it streams. */
function byteLimit(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max) done(new HttpError(413, { detail: `The file is larger than ${max} bytes.` }));
      else done(null, chunk);
    },
  });
}

/**
 * Reads the user ids of a CSV upload. 400 {file: [csvUpload]} when it does not parse,
 * {file: [csvColumnRequired]} without a user column, and {file, unknown_rows} listing the
 * rows (line, value) that are not a user's id.
 */
export async function readCsvUsers(db: Queryable, body: Readable): Promise<CsvUsers> {
  let column = -1;
  let rows = 0;
  const ids = new Set<number>();
  const unknown: CsvUnknownRow[] = [];
  let unknownCount = 0;
  let batch: { line: number; value: string; id: number }[] = [];

  const flush = async () => {
    if (!batch.length) return;
    const known = new Set(
      (await db.query<{ id: number }>('select id from users where id = any($1::int[])', [batch.map((b) => b.id)])).map((r) => r.id),
    );
    for (const b of batch) {
      if (known.has(b.id)) ids.add(b.id);
      else miss(b.line, b.value);
    }
    batch = [];
  };
  // The first CSV_UNKNOWN_SHOWN by line (a value that is no id is known at once, an id that names no user at its batch's lookup).
  const firstByLine = () => unknown.sort((a, b) => a.line - b.line).splice(CSV_UNKNOWN_SHOWN);
  const miss = (line: number, value: string) => {
    unknownCount++;
    unknown.push({ line, value });
    if (unknown.length > 2 * CSV_UNKNOWN_SHOWN) firstByLine();
  };

  const parser = parse({ bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, info: true });
  const consume = async (source: AsyncIterable<{ record: string[]; info: { lines: number } }>) => {
    for await (const { record, info } of source) {
      if (column < 0) {
        column = record.findIndex((h) => (CSV_USER_COLUMNS as readonly string[]).includes(h.toLowerCase()));
        if (column < 0) throw new HttpError(400, { file: [MSG.csvColumnRequired] });
        continue;
      }
      rows++;
      const value = record[column] ?? '';
      const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
      if (!(id > 0 && id <= INT4_MAX)) miss(info.lines, value);
      else batch.push({ line: info.lines, value, id });
      if (batch.length >= BATCH) await flush();
    }
    await flush();
  };
  try {
    await pipeline(body, byteLimit(CSV_UPLOAD_MAX_BYTES), parser, consume);
  } catch (e) {
    if (e instanceof HttpError) throw e;
    throw new HttpError(400, { file: [MSG.csvUpload] });
  }
  if (column < 0) throw new HttpError(400, { file: [MSG.csvColumnRequired] });
  if (unknownCount) {
    firstByLine();
    throw new HttpError(400, {
      file: [`${unknownCount} row${unknownCount > 1 ? 's name' : ' names'} no user; nothing was applied.`],
      unknown_rows: unknown,
    });
  }
  return { rows, ids: [...ids] };
}
