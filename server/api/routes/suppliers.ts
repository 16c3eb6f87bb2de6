/**
 * A supplier's sub-resources (shared/api/endpoints/suppliers.ts; spec §3, §5, §7
 * Suppliers). Reading: the suppliers read rule and the supplier's visibility (404 when
 * hidden or missing); writing: the suppliers write rule (admin, content ops), and for the
 * ingester key the ingestion field rule as well. Each write locks the supplier row, so
 * writes to one supplier's items run one after the other, and appends a history row of
 * the supplier (`{contacts: {old, new}}`…) in the same transaction.
 *
 * "Supplier needs at least one contact and one contract" (§5): a create must bring both,
 * removing the last contact or contract is refused, and the generic PATCH refuses a
 * supplier that has lost either (server/domain/records/defs.ts).
 */
import type { FastifyInstance } from 'fastify';
import { FIELD_RULES, allOf } from '../../../shared/access';
import { supplierEndpoints as ep } from '../../../shared/api/endpoints';
import type { EndpointSpec } from '../../../shared/api/endpoint';
import { MSG } from '../../../shared/messages';
import { createRule } from '../../../shared/records';
import { hashToken, newToken } from '../../auth/crypto';
import type { Db, Queryable, Row } from '../../db/client';
import { HttpError, badRequest, notFound } from '../../domain/errors';
import { recordHistory } from '../../domain/history';
import { Sql } from '../lists/engine';
import { LIST_DEF_BY_KEY } from '../lists/types';
import { WRITES, type Changes } from '../../domain/records/defs';
import { assertMayEdit, evaluate, insertRecord, lookupsFor } from '../../domain/records/write';
import { addEndpoint, endpointsOf, registerHandlers } from '../route';
import { assertVersion, etagOf, ifMatchVersion } from '../versioning';
import { fetchVisible } from './lists';
import { lockedParent, onePage, readRuleOf, visibleParent, writeRuleOf } from './subresource';

const ref = (id: string, name: string) => `case when ${id} is null then null else json_build_object('id', ${id}, 'name', ${name}) end`;
const refItem = (alias: string, list: string, column: string) =>
  `left join reference_items ${alias} on ${alias}.list = '${list}' and ${alias}.id = x.${column}`;

/** One kind of supplier item: its table, how it is read, and its checks against the database. */
interface Collection {
  /** The history field and the name of the §5 rule's list (contacts, contracts). */
  readonly name: string;
  readonly table: string;
  /** Select items over `x` and joins, answering the item's shape. */
  readonly select: string;
  readonly joins: string;
  /** The order of the list. */
  readonly order: string;
  /** Checks a new or changed item (`row`: stored merged with the change) within the locked supplier. */
  readonly check?: (tx: Queryable, supplierId: number, row: Row, itemId: number | null) => Promise<void>;
  /** The §5 rule: at least one must stay (contacts, contracts). */
  readonly keepOne?: boolean;
}

/** Each source name once per supplier (ingestion looks names up case-insensitively). */
async function uniqueSource(tx: Queryable, table: string, column: string, supplierId: number, value: unknown, itemId: number | null) {
  const [r] = await tx.query(`select 1 from ${table} where supplier_id = $1 and lower(${column}) = lower($2) and id <> $3`, [
    supplierId,
    value,
    itemId ?? 0,
  ]);
  if (r) throw badRequest(column, 'This name is already mapped for this supplier.');
}

export const CONTACTS: Collection = {
  name: 'contacts',
  table: 'contacts',
  keepOne: true,
  order: 'x.is_primary desc, x.id',
  select: `x.id, x.version, ${ref('ct.id', 'ct.name')} as contact_type, ${ref('st.id', 'st.name')} as state, ${ref('co.id', 'co.name')} as country,
    x.first_name, x.last_name, x.email, x.username, x.phone, x.phone_ext, x.address1, x.address2, x.city, x.postal_code, x.fax, x.website, x.is_primary`,
  joins: `${refItem('ct', 'contact-types', 'contact_type_id')} left join states st on st.id = x.state_id left join countries co on co.id = x.country_id`,
  // That each id names an item is the one reference check (server/api/references.ts); a state must be of the country.
  check: async (tx, _s, row) => {
    if (row.state_id != null) {
      const [state] = await tx.query('select 1 from states where id = $1 and country_id = $2', [row.state_id, row.country_id]);
      if (!state) throw badRequest('state_id', MSG.selectFromList);
    }
  },
};

export const CONTRACTS: Collection = {
  name: 'contracts',
  table: 'contracts',
  keepOne: true,
  order: 'x.start_date desc, x.id',
  select: `x.id, x.version, ${ref('cty.id', 'cty.name')} as contract_type, ${ref('cm.id', 'cm.name')} as commercial_model,
    to_char(x.start_date, 'YYYY-MM-DD') as start_date, to_char(x.end_date, 'YYYY-MM-DD') as end_date, x.active`,
  joins: `${refItem('cty', 'contract-types', 'contract_type_id')} ${refItem('cm', 'commercial-model-types', 'commercial_model_id')}`,
  check: async (_tx, _s, row) => {
    const start = String(row.start_date).slice(0, 10);
    const end = row.end_date == null ? null : String(row.end_date).slice(0, 10);
    if (end && start >= end) throw badRequest('end_date', MSG.endAfterStart);
  },
};

export const GENRE_MAPPINGS: Collection = {
  name: 'genre_mappings',
  table: 'supplier_genre_mappings',
  order: 'lower(x.source_genre), x.id',
  select: `x.id, x.version, x.supplier_id, x.source_genre, ${ref('g.id', 'g.name')} as genre, x.restricted`,
  joins: 'left join genres g on g.id = x.genre_id',
  check: async (tx, s, row, itemId) => {
    await uniqueSource(tx, 'supplier_genre_mappings', 'source_genre', s, row.source_genre, itemId);
  },
};

export const LABEL_MAPPINGS: Collection = {
  name: 'label_mappings',
  table: 'supplier_label_mappings',
  order: 'lower(x.source_label), x.id',
  select: `x.id, x.version, x.supplier_id, x.source_label, ${ref('l.id', 'l.name')} as label, x.blacklisted`,
  joins: 'left join labels l on l.id = x.label_id',
  check: async (tx, s, row, itemId) => {
    await uniqueSource(tx, 'supplier_label_mappings', 'source_label', s, row.source_label, itemId);
    // A supplier's deliveries map to its own labels only.
    if (row.label_id != null && !(await tx.query('select 1 from labels where id = $1 and supplier_id = $2', [row.label_id, s])).length) {
      throw badRequest('label_id', MSG.selectFromList);
    }
  },
};

/** Whose items: a supplier's (the default), or a label's (its contracts), by the items' owner column. */
export interface Parent {
  readonly type: 'suppliers' | 'labels';
  readonly column: 'supplier_id' | 'label_id';
}
const SUPPLIER: Parent = { type: 'suppliers', column: 'supplier_id' };

async function itemsOf(q: Queryable, c: Collection, parentId: number, itemId?: number, parent: Parent = SUPPLIER): Promise<Row[]> {
  return q.query(
    `select ${c.select} from ${c.table} x ${c.joins} where x.${parent.column} = $1${itemId === undefined ? '' : ' and x.id = $2'} order by ${c.order}`,
    itemId === undefined ? [parentId] : [parentId, itemId],
  );
}

/** Inserts one item of a supplier or label (the body's fields as columns) after its checks; returns its id. */
async function insertItem(tx: Queryable, c: Collection, parentId: number, body: Changes, parent: Parent = SUPPLIER): Promise<number> {
  await c.check?.(tx, parentId, body, null);
  const sql = new Sql();
  const cols = Object.keys(body);
  const [row] = await tx.query<{ id: number }>(
    `insert into ${c.table} (${parent.column}${cols.map((k) => `, ${k}`).join('')}) values (${sql.p(parentId)}${cols.map((k) => `, ${sql.p(body[k])}`).join('')}) returning id`,
    sql.params,
  );
  return row.id;
}

const SUPPLIERS = () => LIST_DEF_BY_KEY.get('suppliers')!;
const readRule = readRuleOf('suppliers');
const writeRule = writeRuleOf('suppliers');

type CollectionEndpoints = Readonly<Record<'list' | 'create' | 'patch', EndpointSpec>>;

/**
 * GET/POST/PATCH of one kind of item of a supplier or a label (the endpoints' schemas
 * check params and bodies first): the parent type's read and write rules, the parent
 * locked for each write, the change in the parent's history.
 */
export function registerItems(app: FastifyInstance, db: Db, e: CollectionEndpoints, c: Collection, parent: Parent = SUPPLIER) {
  const type = parent.type;
  registerHandlers(app, db, endpointsOf(e, 'list', 'create', 'patch'), {
    list: {
      rule: readRuleOf(type),
      handler: async (req, _reply, user) => {
        const { id } = req.params as { id: number };
        await visibleParent(db, type, user, id);
        return onePage(await itemsOf(db, c, id, undefined, parent));
      },
    },
    create: {
      rule: writeRuleOf(type),
      handler: async (req, reply, user) => {
        const { id } = req.params as { id: number };
        const body = req.body as Changes;
        const item = await db.transaction(async (tx) => {
          await lockedParent(tx, type, user, id);
          const itemId = await insertItem(tx, c, id, body, parent);
          const [row] = await itemsOf(tx, c, id, itemId, parent);
          await recordHistory(tx, {
            entity: type,
            entityId: id,
            userId: user.id,
            action: 'update',
            changes: { [c.name]: { old: null, new: row } },
          });
          return row;
        });
        reply.code(201).header('etag', etagOf(item.version as number));
        return item;
      },
    },
    patch: {
      rule: writeRuleOf(type),
      handler: async (req, reply, user) => {
        const { id, item: itemId } = req.params as { id: number; item: number };
        const version = ifMatchVersion(req);
        const body = req.body as Changes;
        const item = await db.transaction(async (tx) => {
          await lockedParent(tx, type, user, id);
          const [stored] = await tx.query(`select * from ${c.table} where id = $1 and ${parent.column} = $2`, [itemId, id]);
          if (!stored) throw notFound();
          assertVersion(stored.version as number, version);
          const keys = Object.keys(body);
          if (!keys.length) return (await itemsOf(tx, c, id, itemId, parent))[0];
          await c.check?.(tx, id, { ...stored, ...body }, itemId);
          const [before] = await itemsOf(tx, c, id, itemId, parent);
          const sql = new Sql();
          await tx.query(
            `update ${c.table} set ${keys.map((k) => `${k} = ${sql.p(body[k])}`).join(', ')}, version = version + 1 where id = ${sql.p(itemId)}`,
            sql.params,
          );
          const [after] = await itemsOf(tx, c, id, itemId, parent);
          await recordHistory(tx, {
            entity: type,
            entityId: id,
            userId: user.id,
            action: 'update',
            changes: { [c.name]: { old: before, new: after } },
          });
          return after;
        });
        reply.header('etag', etagOf(item.version as number));
        return item;
      },
    },
  });
}

/** GET/POST/PATCH/DELETE of one kind of supplier item. */
function registerCollection(app: FastifyInstance, db: Db, e: CollectionEndpoints & { remove: EndpointSpec }, c: Collection) {
  registerItems(app, db, e, c);
  addEndpoint(app, db, e.remove, {
    rule: writeRule,
    handler: async (req, reply, user) => {
      const { id, item: itemId } = req.params as { id: number; item: number };
      await db.transaction(async (tx) => {
        await lockedParent(tx, 'suppliers', user, id);
        const [before] = await itemsOf(tx, c, id, itemId);
        if (!before) throw notFound();
        if (c.keepOne) {
          const [{ n }] = await tx.query<{ n: number }>(`select count(*)::int as n from ${c.table} where supplier_id = $1`, [id]);
          if (n <= 1) throw badRequest(c.name, MSG.supplierNeedsContactAndContract);
        }
        await tx.query(`delete from ${c.table} where id = $1`, [itemId]);
        await recordHistory(tx, {
          entity: 'suppliers',
          entityId: id,
          userId: user.id,
          action: 'update',
          changes: { [c.name]: { old: before, new: null } },
        });
      });
      reply.code(204);
      return null;
    },
  });
}

export function registerSupplierRoutes(app: FastifyInstance, db: Db) {
  registerCollection(app, db, ep.contacts, CONTACTS);
  registerCollection(app, db, ep.contracts, CONTRACTS);
  registerCollection(app, db, ep.genreMappings, GENRE_MAPPINGS);
  registerCollection(app, db, ep.labelMappings, LABEL_MAPPINGS);

  registerHandlers(app, db, endpointsOf(ep, 'create', 'ingesterKey', 'labels', 'subscribers'), {
    create: {
      rule: createRule('suppliers'),
      handler: async (req, reply, user) => {
        const { contacts, contracts, ...fields } = req.body;
        const w = WRITES.suppliers;
        assertMayEdit(user.principal, w, Object.keys(fields));
        const row = await db.transaction(async (tx) => {
          // The supplier's own checks, as a PATCH of an empty supplier that already has its contacts and contracts.
          const { final, errors } = evaluate(
            w,
            { contact_count: contacts.length, contract_count: contracts.length },
            fields,
            await lookupsFor(tx, w, fields),
          );
          if (errors) throw new HttpError(400, errors);
          const id = await insertRecord(tx, w, user.id, final, {});
          for (const [list, c, items] of [
            ['contacts', CONTACTS, contacts],
            ['contracts', CONTRACTS, contracts],
          ] as const) {
            for (const [i, item] of (items as Changes[]).entries()) {
              try {
                await insertItem(tx, c, id, item);
              } catch (err) {
                // Name the item: contacts.0.country_id.
                if (err instanceof HttpError && err.status === 400) {
                  throw new HttpError(
                    400,
                    Object.fromEntries(Object.entries(err.body as Record<string, string[]>).map(([k, v]) => [`${list}.${i}.${k}`, v])),
                  );
                }
                throw err;
              }
            }
          }
          return (await fetchVisible(tx, SUPPLIERS(), user, id))!;
        });
        reply.code(201).header('etag', etagOf(row.version as number));
        return row as { id: number; version: number };
      },
    },

    ingesterKey: {
      rule: allOf(writeRule, FIELD_RULES.ingestion),
      handler: async (req, reply, user) => {
        const id = req.params.id;
        // Like a token: 256 random bits, stored as its SHA-256 only.
        const key = newToken();
        const answer = await db.transaction(async (tx) => {
          const stored = await lockedParent(tx, 'suppliers', user, id);
          const [row] = await tx.query<{ ingester_key_hint: string; ingester_key_created_at: string }>(
            `update suppliers set ingester_key = $2, ingester_key_hint = $3, ingester_key_created_at = now(), version = version + 1
             where id = $1 returning ingester_key_hint, ingester_key_created_at`,
            [id, hashToken(key), key.slice(-4)],
          );
          // The history names the key by its last characters only.
          await recordHistory(tx, {
            entity: 'suppliers',
            entityId: id,
            userId: user.id,
            action: 'update',
            changes: { ingester_key_hint: { old: stored.ingester_key_hint ?? null, new: row.ingester_key_hint } },
          });
          return {
            ingester_key: key,
            ingester_key_hint: row.ingester_key_hint,
            ingester_key_created_at: new Date(row.ingester_key_created_at).toISOString(),
          };
        });
        reply.code(201);
        return answer;
      },
    },

    labels: {
      rule: readRule,
      handler: async (req, _reply, user) => {
        await visibleParent(db, 'suppliers', user, req.params.id);
        return onePage(
          await db.query<{ id: number; name: string; enabled: boolean }>(
            'select id, name, enabled from labels where supplier_id = $1 order by lower(name), id',
            [req.params.id],
          ),
        );
      },
    },

    subscribers: {
      rule: readRule,
      handler: async (req, _reply, user) => {
        await visibleParent(db, 'suppliers', user, req.params.id);
        return onePage(
          await db.query<{ id: number; username: string; email: string; role: string | null; enabled: boolean }>(
            'select id, username, email, role, enabled from users where supplier_id = $1 order by username',
            [req.params.id],
          ),
        );
      },
    },
  });
}
