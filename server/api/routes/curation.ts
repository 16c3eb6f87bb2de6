/**
 * Curation routes (shared/api/endpoints/curation.ts): POST a page on the active brand,
 * DELETE a page with its modules and items, and the URL slug check. Reading, PATCH and
 * PUT of pages are the generic record routes (routes/lists.ts).
 */
import type { FastifyInstance } from 'fastify';
import { SEARCH_TYPES } from '../../../shared/access';
import { pageEndpoints } from '../../../shared/api/endpoints';
import type { ObjectRow } from '../../../shared/api/endpoints';
import { RECORDS, createRule, deleteRule } from '../../../shared/records';
import type { Db } from '../../db/client';
import { notFound } from '../errors';
import { changedFields, recordHistory } from '../history';
import { LIST_DEF_BY_KEY } from '../lists/types';
import { WRITES } from '../records/defs';
import { assertMayEdit } from '../records/write';
import { addEndpoint } from '../route';
import { etagOf } from '../versioning';
import { fetchVisible } from './lists';
import { createRecord } from './records';

const pagesList = LIST_DEF_BY_KEY.get('pages')!;
const pageFields = Object.keys(RECORDS.pages.fields);

export function registerCurationRoutes(app: FastifyInstance, db: Db) {
  const pages = WRITES.pages;

  addEndpoint(app, db, pageEndpoints.create, {
    rule: createRule('pages'),
    handler: async (req, reply, user) => {
      assertMayEdit(user!.principal, pages, Object.keys(req.body));
      // The page belongs to the active brand; the pages rule checks its type against what that brand offers.
      const brand = user!.principal.brand;
      const row = await db.transaction((tx) => createRecord(tx, pages, user!, req.body, {}, { brand }));
      reply.code(201).header('etag', etagOf(row.version as number));
      return row as ObjectRow;
    },
  });

  addEndpoint(app, db, pageEndpoints.delete, {
    rule: deleteRule('pages'),
    handler: async (req, reply, user) => {
      const id = req.params.id;
      await db.transaction(async (tx) => {
        if (!(await fetchVisible(tx, pagesList, user!, id))) throw notFound();
        const [stored] = await tx.query('select * from pages where id = $1 for update', [id]);
        if (!stored) throw notFound();
        await tx.query('delete from page_module_items where module_id in (select id from page_modules where page_id = $1)', [id]);
        await tx.query('delete from page_modules where page_id = $1', [id]);
        await tx.query('delete from pages where id = $1', [id]);
        const was = Object.fromEntries(pageFields.map((f) => [f, stored[f]]));
        const changes = Object.fromEntries(Object.entries(changedFields({}, was)).map(([f, c]) => [f, { old: c.new, new: null }]));
        await recordHistory(tx, { entity: 'pages', entityId: id, userId: user!.id, action: 'delete', changes });
      });
      return reply.code(204).send();
    },
  });

  addEndpoint(app, db, pageEndpoints.slugCheck, {
    rule: SEARCH_TYPES.find((t) => t.key === 'pages')!.rule,
    handler: async (req, _reply, user) => {
      const { slug, exclude } = req.query;
      const [taken] = await db.query('select 1 from pages where brand = $1 and slug = $2 and id <> $3 limit 1', [user!.principal.brand, slug, exclude ?? 0]);
      return { slug, available: !taken };
    },
  });
}
