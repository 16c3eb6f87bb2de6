/**
 * A supplier's banking details (spec §3 Banking, §9 lengths): GET with its ETag, PATCH
 * with If-Match (the changed fields only, validated by the shared bankingPatch schema).
 * BANKING_RULE: admin and finance staff, and a supplier user for its own supplier; any
 * other supplier is 404 to a supplier user, as a missing one is to everybody.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BANKING_RULE } from '../../../shared/access';
import { bankingPatch } from '../../../shared/api';
import type { Db, Queryable } from '../../db/client';
import { banking, suppliers } from '../../db/schema';
import { notFound } from '../errors';
import type { RequestUser } from '../principal';
import { addRoute } from '../route';
import { parseBody } from '../validation';
import { assertVersion, etagOf, ifMatchVersion } from '../versioning';

const FIELDS = ['bank_name', 'name_on_account', 'routing_number', 'account_number', 'sort_code', 'swift', 'iban', 'paypal_email', 'tax_id'] as const;
type Banking = Record<(typeof FIELDS)[number], string | null> & { supplier_id: number; version: number };

const URL = '/v4/catalog/suppliers/:id/banking/';

/** The supplier id from the path, when this user may see that supplier; else 404. */
async function visibleSupplier(db: Queryable & Pick<Db, 'orm'>, req: FastifyRequest, user: RequestUser): Promise<number> {
  const raw = (req.params as { id: string }).id;
  if (!/^\d{1,9}$/.test(raw)) throw notFound();
  const id = Number(raw);
  if (user.supplierId != null && user.supplierId !== id) throw notFound();
  const [s] = await db.orm.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, id));
  if (!s) throw notFound();
  return id;
}

/** The stored details, or every field empty at version 0 when none were ever given. */
async function read(db: Pick<Db, 'orm'>, supplierId: number, lock = false): Promise<Banking> {
  const q = db.orm.select().from(banking).where(eq(banking.supplier_id, supplierId)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) return { supplier_id: supplierId, version: 0, ...Object.fromEntries(FIELDS.map((f) => [f, null])) } as Banking;
  return { supplier_id: supplierId, version: row.version, ...Object.fromEntries(FIELDS.map((f) => [f, row[f]])) } as Banking;
}

export function registerBankingRoutes(app: FastifyInstance, db: Db) {
  addRoute(app, db, {
    method: 'GET', url: URL, rule: BANKING_RULE,
    handler: async (req, reply, user) => {
      const row = await read(db, await visibleSupplier(db, req, user!));
      reply.header('etag', etagOf(row.version));
      return row;
    },
  });
  addRoute(app, db, {
    method: 'PATCH', url: URL, rule: BANKING_RULE,
    handler: async (req, reply, user) => {
      const supplierId = await visibleSupplier(db, req, user!);
      const version = ifMatchVersion(req);
      // Empty strings mean "not given".
      const body = Object.fromEntries(Object.entries((req.body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, v === '' ? null : v]));
      const changes = parseBody(bankingPatch, body);
      const row = await db.transaction(async (tx) => {
        const stored = await read(tx, supplierId, true);
        assertVersion(stored.version, version);
        if (Object.keys(changes).length === 0) return stored;
        if (stored.version === 0) await tx.orm.insert(banking).values({ supplier_id: supplierId, ...changes });
        else await tx.orm.update(banking).set({ ...changes, version: stored.version + 1 }).where(eq(banking.supplier_id, supplierId));
        return read(tx, supplierId);
      });
      reply.header('etag', etagOf(row.version));
      return row;
    },
  });
}
