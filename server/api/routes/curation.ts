/**
 * Curation routes (shared/api/endpoints/curation.ts): POST a page on the active brand,
 * DELETE a page with its modules and items, and the URL slug check. Reading, PATCH and
 * PUT of pages are the generic record routes (routes/lists.ts).
 */
import type { FastifyInstance } from 'fastify';
import { SEARCH_TYPES, writeRouteRule } from '../../../shared/access';
import {
  CURATION_MSG,
  LIVE_MSG,
  liveStreamEndpoints,
  simpleRecordEndpoints,
  pageEndpoints,
  pageModuleEndpoints,
  type ModuleItem,
} from '../../../shared/api/endpoints';
import { LIMITS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import {
  CATALOGUE_ITEM_TYPES,
  RECORDS,
  YOUTUBE_ITEM_TYPE,
  createRule,
  deleteRule,
  isCatalogueItemType,
  isFullOrder,
} from '../../../shared/records';
import type { Db, Queryable } from '../../db/client';
import { HttpError, badRequest, notFound } from '../../domain/errors';
import type { RequestUser } from '../principal';
import { changedFields, recordHistory } from '../../domain/history';
import { LIST_DEF_BY_KEY } from '../lists/types';
import { WRITES } from '../../domain/records/defs';
import { assertMayEdit } from '../../domain/records/write';
import { registerHandlers } from '../route';
import { etagOf } from '../versioning';
import { fetchVisible } from './lists';
import { createOnActiveBrand, createRecord } from './records';

const pagesList = LIST_DEF_BY_KEY.get('pages')!;
const modulesList = LIST_DEF_BY_KEY.get('page_modules')!;
const pageFields = Object.keys(RECORDS.pages.fields);
const moduleFields = Object.keys(RECORDS.page_modules.fields);

/** A delete's history changes: every field of the record as it was → null. */
function deletedFields(stored: Record<string, unknown>, fields: readonly string[]) {
  const was = Object.fromEntries(fields.map((f) => [f, stored[f]]));
  return Object.fromEntries(Object.entries(changedFields({}, was)).map(([f, c]) => [f, { old: c.new, new: null }]));
}

/** The catalogue tables whose objects are named by `name` (the others by `title`). */
const NAMED_BY_NAME: ReadonlySet<string> = new Set(['playlists', 'artists', 'labels']);
/** The items of a module in position order, each with its type and the catalogue object it shows (by its type's table). */
const ITEM_NAME = Object.entries(CATALOGUE_ITEM_TYPES)
  .map(
    ([typeName, table]) =>
      `when '${typeName}' then (select ${NAMED_BY_NAME.has(table) ? 'x.name' : 'x.title'} from ${table} x where x.id = i.item_id)`,
  )
  .join(' ');
async function moduleItems(q: Queryable, moduleId: number): Promise<ModuleItem[]> {
  return q.query<ModuleItem>(
    `select i.id, i.position, json_build_object('id', it.id, 'name', it.name) as item_type,
       case when i.item_id is null then null else json_build_object('id', i.item_id, 'name', case it.name ${ITEM_NAME} end) end as item,
       i.image_url, i.url, to_char(i.start_date, 'YYYY-MM-DD') as start_date, to_char(i.end_date, 'YYYY-MM-DD') as end_date
     from page_module_items i join reference_items it on it.list = 'item-types' and it.id = i.item_type_id
     where i.module_id = $1 order by i.position, i.id`,
    [moduleId],
  );
}

const envelope = <T>(results: T[]) => ({
  count: results.length,
  next: null,
  previous: null,
  page: '1/1',
  per_page: Math.max(1, results.length),
  results,
});

/** The module, visible to the caller (else 404), locked for a change of its items. */
async function lockVisibleModule(tx: Queryable, user: RequestUser, id: number): Promise<void> {
  if (!(await fetchVisible(tx, modulesList, user, id))) throw notFound();
  await tx.query('select id from page_modules where id = $1 for update', [id]);
}

/** The curation and live routes of spec §7: pages, page modules and their items, live stream stages, and the create and delete of live streams, vendors and link partners. */
export function registerCurationRoutes(app: FastifyInstance, db: Db) {
  registerPageRoutes(app, db);
  registerModuleRoutes(app, db);
  registerLiveStageRoutes(app, db);
  registerSimpleRecordRoutes(app, db);
}

/** Pages: create on the active brand, delete (with its modules), and whether a slug is free. */
function registerPageRoutes(app: FastifyInstance, db: Db): void {
  const pages = WRITES.pages;

  registerHandlers(app, db, pageEndpoints, {
    create: {
      rule: createRule('pages'),
      // The page belongs to the active brand; the pages rule checks its type against what that brand offers.
      handler: createOnActiveBrand(db, pages),
    },

    delete: {
      rule: deleteRule('pages'),
      handler: async (req, reply, user) => {
        const id = req.params.id;
        await db.transaction(async (tx) => {
          if (!(await fetchVisible(tx, pagesList, user, id))) throw notFound();
          const [stored] = await tx.query('select * from pages where id = $1 for update', [id]);
          if (!stored) throw notFound();
          await tx.query('delete from page_module_items where module_id in (select id from page_modules where page_id = $1)', [id]);
          await tx.query('delete from page_modules where page_id = $1', [id]);
          await tx.query('delete from pages where id = $1', [id]);
          await recordHistory(tx, {
            entity: 'pages',
            entityId: id,
            userId: user.id,
            action: 'delete',
            changes: deletedFields(stored, pageFields),
          });
        });
        return reply.code(204).send();
      },
    },

    slugCheck: {
      rule: SEARCH_TYPES.find((t) => t.key === 'pages')!.rule,
      handler: async (req, _reply, user) => {
        const { slug, exclude } = req.query;
        const [taken] = await db.query('select 1 from pages where brand = $1 and slug = $2 and id <> $3 limit 1', [
          user.principal.brand,
          slug,
          exclude ?? 0,
        ]);
        return { slug, available: !taken };
      },
    },
  });
}

/** Page modules: create, delete, and their items (list, add, remove, order). */
function registerModuleRoutes(app: FastifyInstance, db: Db): void {
  const modules = WRITES.page_modules;
  const moduleWrite = writeRouteRule('page_modules');

  registerHandlers(app, db, pageModuleEndpoints, {
    create: {
      rule: createRule('page_modules'),
      handler: async (req, reply, user) => {
        const { page_id, ...body } = req.body;
        assertMayEdit(user.principal, modules, Object.keys(body));
        const row = await db.transaction(async (tx) => {
          // The page must be one the caller sees (its brand the active one).
          if (!(await fetchVisible(tx, pagesList, user, page_id))) throw badRequest('page_id', MSG.selectFromList);
          return createRecord(tx, modules, user, body, { page_id }, {});
        });
        reply.code(201).header('etag', etagOf(row.version as number));
        return row;
      },
    },

    delete: {
      rule: deleteRule('page_modules'),
      handler: async (req, reply, user) => {
        const id = req.params.id;
        await db.transaction(async (tx) => {
          await lockVisibleModule(tx, user, id);
          const [stored] = await tx.query('select * from page_modules where id = $1', [id]);
          await tx.query('delete from page_module_items where module_id = $1', [id]);
          await tx.query('delete from page_modules where id = $1', [id]);
          await recordHistory(tx, {
            entity: 'page_modules',
            entityId: id,
            userId: user.id,
            action: 'delete',
            changes: deletedFields(stored!, moduleFields),
          });
        });
        return reply.code(204).send();
      },
    },

    items: {
      rule: SEARCH_TYPES.find((t) => t.key === 'page_modules')!.rule,
      handler: async (req, _reply, user) => {
        if (!(await fetchVisible(db, modulesList, user, req.params.id))) throw notFound();
        return envelope(await moduleItems(db, req.params.id));
      },
    },

    addItem: {
      rule: moduleWrite,
      handler: async (req, reply, user) => {
        const id = req.params.id;
        const b = req.body;
        const item = await db.transaction(async (tx) => {
          await lockVisibleModule(tx, user, id);
          const [type] = await tx.query<{ name: string }>("select name from reference_items where list = 'item-types' and id = $1", [
            b.item_type_id,
          ]);
          if (!type) throw badRequest('item_type_id', MSG.selectFromList);
          // Spec §5: a catalogue item names a visible object of its type; the others need an image, a YouTube video a URL too.
          if (isCatalogueItemType(type.name)) {
            if (b.item_id == null) throw badRequest('item_id', CURATION_MSG.itemRequired);
            if (!(await fetchVisible(tx, LIST_DEF_BY_KEY.get(CATALOGUE_ITEM_TYPES[type.name]!)!, user, b.item_id)))
              throw badRequest('item_id', MSG.selectFromList);
          } else {
            const errors: Record<string, string[]> = {};
            if (!b.image_url) errors.image_url = [CURATION_MSG.imageRequired];
            if (type.name === YOUTUBE_ITEM_TYPE && !b.url) errors.url = [CURATION_MSG.urlRequired];
            if (b.item_id != null) errors.item_id = [CURATION_MSG.noItemId];
            if (Object.keys(errors).length) throw new HttpError(400, errors);
          }
          const [{ n }] = await tx.query<{ n: number }>('select count(*)::int as n from page_module_items where module_id = $1', [id]);
          if (n >= LIMITS.pageModuleItems) throw badRequest('items', MSG.itemLimitExceeded);
          const [row] = await tx.query<{ id: number }>(
            `insert into page_module_items (module_id, position, item_type_id, item_id, image_url, url, start_date, end_date)
             values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
            [id, n + 1, b.item_type_id, b.item_id ?? null, b.image_url ?? null, b.url ?? null, b.start_date ?? null, b.end_date ?? null],
          );
          await recordHistory(tx, {
            entity: 'page_modules',
            entityId: id,
            userId: user.id,
            action: 'update',
            changes: { items: { old: n, new: n + 1 } },
          });
          return (await moduleItems(tx, id)).find((x) => x.id === row!.id)!;
        });
        reply.code(201);
        return item;
      },
    },

    deleteItem: {
      rule: moduleWrite,
      handler: async (req, reply, user) => {
        const { id, item_id: itemId } = req.params;
        await db.transaction(async (tx) => {
          await lockVisibleModule(tx, user, id);
          const gone = await tx.query('delete from page_module_items where id = $1 and module_id = $2 returning id', [itemId, id]);
          if (!gone.length) throw notFound();
          await tx.query(
            `update page_module_items i set position = o.n, version = i.version + 1
             from (select id, row_number() over (order by position, id)::int as n from page_module_items where module_id = $1) o
             where o.id = i.id and i.position <> o.n`,
            [id],
          );
          const [{ n }] = await tx.query<{ n: number }>('select count(*)::int as n from page_module_items where module_id = $1', [id]);
          await recordHistory(tx, {
            entity: 'page_modules',
            entityId: id,
            userId: user.id,
            action: 'update',
            changes: { items: { old: n + 1, new: n } },
          });
        });
        return reply.code(204).send();
      },
    },

    order: {
      rule: moduleWrite,
      handler: async (req, _reply, user) => {
        const id = req.params.id;
        return db.transaction(async (tx) => {
          await lockVisibleModule(tx, user, id);
          if (req.body.some((p) => p.track_position.id !== id)) throw badRequest('track_position', CURATION_MSG.orderModule);
          const before = await tx.query<{ id: number }>('select id from page_module_items where module_id = $1 order by position, id', [
            id,
          ]);
          const positions = req.body.map((p) => ({ id: p.id, position: p.track_position.position }));
          if (
            !isFullOrder(
              before.map((r) => r.id),
              positions,
            )
          )
            throw badRequest('items', CURATION_MSG.order);
          await tx.query(
            `update page_module_items i set position = x.position, version = i.version + 1
             from unnest($2::int[], $3::int[]) as x(id, position) where i.id = x.id and i.module_id = $1 and i.position <> x.position`,
            [id, positions.map((p) => p.id), positions.map((p) => p.position)],
          );
          const after = [...positions].sort((a, b) => a.position - b.position).map((p) => p.id);
          await recordHistory(tx, {
            entity: 'page_modules',
            entityId: id,
            userId: user.id,
            action: 'update',
            changes: { item_order: { old: before.map((r) => r.id), new: after } },
          });
          return envelope(await moduleItems(tx, id));
        });
      },
    },
  });
}

/** A live stream's stages: read, and replace as a whole. */
function registerLiveStageRoutes(app: FastifyInstance, db: Db): void {
  const streamsList = LIST_DEF_BY_KEY.get('live_streams')!;
  const stagesOf = (q: Queryable, id: number) =>
    q.query<{ id: number; name: string; number: number }>(
      'select id, name, number from live_stream_stages where live_stream_id = $1 order by number',
      [id],
    );

  registerHandlers(app, db, liveStreamEndpoints, {
    stages: {
      rule: SEARCH_TYPES.find((t) => t.key === 'live_streams')!.rule,
      handler: async (req, _reply, user) => {
        if (!(await fetchVisible(db, streamsList, user, req.params.id))) throw notFound();
        return envelope(await stagesOf(db, req.params.id));
      },
    },

    putStages: {
      rule: writeRouteRule('live_streams'),
      handler: async (req, _reply, user) => {
        const id = req.params.id;
        return db.transaction(async (tx) => {
          if (!(await fetchVisible(tx, streamsList, user, id))) throw notFound();
          const [s] = await tx.query<{ enabled: boolean }>('select enabled from live_streams where id = $1 for update', [id]);
          if (s!.enabled && req.body.stages.length === 0) throw badRequest('stages', CURATION_MSG.stageRequired);
          const before = await stagesOf(tx, id);
          await tx.query('delete from live_stream_stages where live_stream_id = $1', [id]);
          await tx.query(
            'insert into live_stream_stages (live_stream_id, name, number) select $1, x.name, x.number from unnest($2::text[], $3::int[]) as x(name, number)',
            [id, req.body.stages.map((x) => x.name), req.body.stages.map((x) => x.number)],
          );
          const after = await stagesOf(tx, id);
          const shown = (rows: { name: string; number: number }[]) => rows.map((r) => ({ name: r.name, number: r.number }));
          await recordHistory(tx, {
            entity: 'live_streams',
            entityId: id,
            userId: user.id,
            action: 'update',
            changes: { stages: { old: shown(before), new: shown(after) } },
          });
          return envelope(after);
        });
      },
    },
  });
}

/** Which live-stream column names a vendor of each type (deleting one a stream names is refused). */
const VENDOR_COLUMN: Partial<Record<keyof typeof simpleRecordEndpoints, string>> = {
  host_vendors: 'host_vendor_id',
  tracklist_vendors: 'tracklist_vendor_id',
};

/** POST and DELETE of live streams (on the active brand; with their stages), host and tracklist vendors and link partners. */
function registerSimpleRecordRoutes(app: FastifyInstance, db: Db) {
  for (const type of Object.keys(simpleRecordEndpoints) as (keyof typeof simpleRecordEndpoints)[]) {
    const ep = simpleRecordEndpoints[type];
    const w = WRITES[type];
    const list = LIST_DEF_BY_KEY.get(type)!;
    const fields = Object.keys(RECORDS[type].fields);
    registerHandlers(app, db, ep, {
      create: {
        rule: createRule(type),
        handler: async (req, reply, user) => {
          const body = req.body as Record<string, unknown>;
          assertMayEdit(user.principal, w, Object.keys(body));
          const initial = type === 'live_streams' ? { brand: user.principal.brand } : {};
          const row = await db.transaction((tx) => createRecord(tx, w, user, body, {}, initial));
          reply.code(201).header('etag', etagOf(row.version as number));
          return row;
        },
      },
      delete: {
        rule: deleteRule(type),
        handler: async (req, reply, user) => {
          const id = req.params.id;
          await db.transaction(async (tx) => {
            if (!(await fetchVisible(tx, list, user, id))) throw notFound();
            const [stored] = await tx.query(`select * from ${w.table} where id = $1 for update`, [id]);
            if (!stored) throw notFound();
            const column = VENDOR_COLUMN[type];
            if (column) {
              const [{ n }] = await tx.query<{ n: number }>(`select count(*)::int as n from live_streams where ${column} = $1`, [id]);
              if (n > 0) throw badRequest('id', LIVE_MSG.vendorInUse(RECORDS[type].noun, n));
            }
            if (type === 'live_streams') await tx.query('delete from live_stream_stages where live_stream_id = $1', [id]);
            await tx.query(`delete from ${w.table} where id = $1`, [id]);
            await recordHistory(tx, {
              entity: type,
              entityId: id,
              userId: user.id,
              action: 'delete',
              changes: deletedFields(stored, fields),
            });
          });
          return reply.code(204).send();
        },
      },
    });
  }
}
