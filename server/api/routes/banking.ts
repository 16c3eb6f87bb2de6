/**
 * A supplier's banking details (spec §3 Banking, §9 lengths): GET with its ETag, PATCH
 * with If-Match (the changed fields only, validated by the shared bankingPatch schema).
 * BANKING_RULE: admin and finance staff, and a supplier user for its own supplier; any
 * other supplier is 404 to a supplier user, as a missing one is to everybody.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BANKING_RULE } from '../../../shared/access';
import { bankingEndpoints } from '../../../shared/api/endpoints';
import type { Db, Queryable } from '../../db/client';
import { banking } from '../../db/schema';
import { notFound } from '../../domain/errors';
import { LIST_DEF_BY_KEY } from '../lists/types';
import type { RequestUser } from '../principal';
import { registerHandlers } from '../route';
import { assertVersion, etagOf, ifMatchVersion } from '../versioning';
import { fetchVisible } from './lists';

const FIELDS = [
  'bank_name',
  'name_on_account',
  'routing_number',
  'account_number',
  'sort_code',
  'swift',
  'iban',
  'paypal_email',
  'tax_id',
] as const;
type Field = (typeof FIELDS)[number];
type Banking = Record<Field, string | null> & { supplier_id: number; version: number };

const COLUMNS = { ...Object.fromEntries(FIELDS.map((f) => [f, banking[f]])), version: banking.version } as Record<
  Field,
  (typeof banking)[Field]
> & { version: typeof banking.version };
const EMPTY = { ...Object.fromEntries(FIELDS.map((f) => [f, null])), version: 0 } as Omit<Banking, 'supplier_id'>;
const SUPPLIERS = LIST_DEF_BY_KEY.get('suppliers')!;

/** The supplier id from the path, when the suppliers list would show it to this user (its own for a supplier); else 404. */
export async function visibleSupplier(db: Queryable, id: number, user: RequestUser): Promise<number> {
  if (!(await fetchVisible(db, SUPPLIERS, user, id))) throw notFound();
  return id;
}

/** The stored details, or every field empty at version 0 when none were ever given. */
async function read(db: Pick<Db, 'orm'>, supplierId: number): Promise<Banking> {
  const [row] = await db.orm.select(COLUMNS).from(banking).where(eq(banking.supplier_id, supplierId)).limit(1);
  return { supplier_id: supplierId, ...(row ?? EMPTY) };
}

/**
 * One statement saves at the expected version: the first save inserts (banking_supplier_id_key
 * makes a concurrent first save conflict), a later one updates only while the stored row is
 * still at that version. Nothing returned means another save got there first.
 */
async function save(db: Pick<Db, 'orm'>, supplierId: number, expected: number, changes: Partial<Record<Field, string | null>>) {
  const [row] = await db.orm
    .insert(banking)
    .values({ supplier_id: supplierId, ...changes })
    .onConflictDoUpdate({
      target: banking.supplier_id,
      set: { ...changes, version: sql`${banking.version} + 1` },
      setWhere: eq(banking.version, expected),
    })
    .returning(COLUMNS);
  return row;
}

export function registerBankingRoutes(app: FastifyInstance, db: Db) {
  registerHandlers(app, db, bankingEndpoints, {
    get: {
      rule: BANKING_RULE,
      handler: async (req, reply, user) => {
        const row = await read(db, await visibleSupplier(db, req.params.id, user));
        reply.header('etag', etagOf(row.version));
        return row;
      },
    },
    patch: {
      rule: BANKING_RULE,
      handler: async (req, reply, user) => {
        const supplierId = await visibleSupplier(db, req.params.id, user);
        const version = ifMatchVersion(req);
        const changes: Partial<Record<Field, string | null>> = req.body;
        const stored = await read(db, supplierId);
        // Checked first so that a stale version never inserts (a save at v3 with nothing stored is a 412).
        assertVersion(stored.version, version);
        let row = stored;
        if (Object.keys(changes).length > 0) {
          const saved = await save(db, supplierId, version, changes);
          // Nothing saved: versions only grow, so the row is now past `version` and this answers 412 with its ETag.
          if (!saved) assertVersion((await read(db, supplierId)).version, version);
          row = { supplier_id: supplierId, ...saved! };
        }
        reply.header('etag', etagOf(row.version));
        return row;
      },
    },
  });
}
