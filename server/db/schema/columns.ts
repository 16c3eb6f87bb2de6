/**
 * Column helpers shared by the schema files. Columns are named in snake_case in both
 * SQL and TypeScript, so rows read through Drizzle have the same keys as raw rows.
 */
import { sql } from 'drizzle-orm';
import { customType, foreignKey, integer, type ExtraConfigColumn, type PgColumn } from 'drizzle-orm/pg-core';

/** Any timestamptz text PostgreSQL sends → ISO string, as the raw query path gives. */
export function isoFromPg(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  const s = String(value)
    .replace(' ', 'T')
    .replace(/([+-]\d\d)$/, '$1:00');
  return new Date(s).toISOString();
}

/** timestamp with time zone, read as an ISO string ('2026-01-02T03:04:05.000Z'). */
export const timestamptz = customType<{ data: string; driverData: string | Date }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: isoFromPg,
  toDriver: (v) => v,
});

/** The optimistic-concurrency version every editable row carries (If-Match / ETag). */
export const version = () => integer().notNull().default(1);

/** now() default for timestamptz columns. */
export const now = sql`now()`;

/** A foreign key named as PostgreSQL names an inline `references` (<table>_<column>_fkey). */
export function fkey(table: string, column: PgColumn, ref: PgColumn) {
  return foreignKey({ name: `${table}_${column.name}_fkey`, columns: [column], foreignColumns: [ref] });
}

/**
 * The SQL list of a vocabulary's values (shared/vocabularies.ts, shared/constants.ts) for
 * a CHECK: `'Open', 'Complete', 'Deleted'` or `14, 28, 56`, written as the migrations
 * spell it, so the schema stays the migrations' (drizzle-kit generate finds no change).
 */
export function sqlValues(values: readonly (string | number)[]) {
  return sql.raw(values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`)).join(', '));
}

/** `between <first> and <last>` of an ascending list of whole numbers (pre-order weeks). */
export function sqlBetween(values: readonly number[]) {
  return sql.raw(`between ${values[0]} and ${values[values.length - 1]}`);
}

/** A descending index key as PostgreSQL's plain DESC (nulls first), which the list sorts use. */
export const desc = (c: ExtraConfigColumn) => c.desc().nullsFirst();
