/**
 * The record routes beyond PATCH/PUT (routes/lists.ts), each registered from its
 * declaration (shared/api/endpoints/records.ts):
 * - GET …/{id}/history/ for every record type: the type's read rule, the row visible as
 *   by GET by id (else 404), newest first, paged in the list envelope;
 * - POST /v4/catalog/tracks/, /v4/catalog/releases/, /v4/catalog/artists/ and /v4/catalog/labels/ (spec §7, §8:
 *   a label of a similar name is a 409 listing the matches unless confirmed): createRule (the type's
 *   write rule), 201 with the object as GET by id answers it and its ETag, history 'create';
 * - PATCH /v4/catalog/tracks/bulk/ and /v4/catalog/releases/{id}/tracks/bulk/: the bulk
 *   edit with preview (server/api/records/bulk-edit.ts), under the tracks' write rule;
 * - GET /v4/catalog/releases/{id}/tracks/: the release's tracks in position order.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SEARCH_TYPES, writeRouteRule } from '../../../shared/access';
import { buildQuery, pageValue, perPageValue, DEFAULT_PER_PAGE } from '../../../shared/api';
import {
  artistEndpoints,
  labelEndpoints,
  recordEndpoints,
  releaseEndpoints,
  trackEndpoints,
  type HistoryEntry,
  type ObjectRow,
} from '../../../shared/api/endpoints';
import { createRule, isRecordKey } from '../../../shared/records';
import type { Db, Queryable } from '../../db/client';
import { HttpError, badRequest, notFound } from '../../domain/errors';
import { historyReferenceNames } from '../history-names';
import { planList, type ListDef } from '../lists/engine';
import { LIST_DEF_BY_KEY } from '../lists/types';
import type { RequestUser } from '../principal';
import { bulkEdit } from '../records/bulk-edit';
import { similarLabels } from '../../domain/records/similar-labels';
import { MSG } from '../../../shared/messages';
import { WRITES, isLink, type Changes, type WriteDef } from '../../domain/records/defs';
import { assertMayEdit, evaluate, insertRecord, lookupsFor } from '../../domain/records/write';
import { addEndpoint, registerHandlers } from '../route';
import { etagOf } from '../versioning';
import { fetchVisible } from './lists';
import { publicLinkBase } from '../public-url';

const listDef = (key: string): ListDef => LIST_DEF_BY_KEY.get(key)!;

/**
 * What a new track or release is before its body: no audio yet, so not converted (a track
 * is created hidden and disabled by its declared defaults, shared/records: spec §4).
 */
const NEW_TRACK = { encode_status: 'Not Converted' } as const;
const NEW_RELEASE = { encode_status: 'Not Converted' } as const;

/** A page number or size from the query (strings), with the list's messages. */
export function pageParam(name: 'page' | 'per_page', raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const r = (name === 'page' ? pageValue : perPageValue).safeParse(raw);
  if (!r.success) throw badRequest(name, r.error.issues[0]?.message ?? 'Invalid value.');
  return r.data;
}

/**
 * Creates one record: the body's fields checked like a PATCH of an empty record (field
 * access, the declaration's checks, the database rules), what the type derives added,
 * inserted with its links and a history row 'create'; answers the object as GET by id does.
 */
export async function createRecord(
  tx: Queryable,
  w: WriteDef,
  user: RequestUser,
  body: Changes,
  fixed: Changes,
  initial: Changes,
): Promise<ObjectRow> {
  const { final, errors } = evaluate(w, { ...initial }, body, await lookupsFor(tx, w, body));
  if (errors) throw new HttpError(400, errors);
  const columns: Changes = { ...initial, ...fixed };
  const links: Changes = {};
  for (const [f, v] of Object.entries(final)) (isLink(w, f) ? links : columns)[f] = v;
  const id = await insertRecord(tx, w, user.id, columns, links);
  return (await fetchVisible(tx, listDef(w.key), user, id))!;
}

/**
 * The handler of a POST that creates a record on the caller's active brand (curation pages,
 * coupons): field access, then createRecord with the brand; 201 with the object and its ETag.
 */
export function createOnActiveBrand(db: Db, w: WriteDef) {
  return async (req: { body: Changes }, reply: FastifyReply, user: RequestUser): Promise<ObjectRow> => {
    assertMayEdit(user.principal, w, Object.keys(req.body));
    const brand = user.principal.brand;
    const row = await db.transaction((tx) => createRecord(tx, w, user, req.body, {}, { brand }));
    reply.code(201).header('etag', etagOf(row.version as number));
    return row;
  };
}

export function registerRecordRoutes(app: FastifyInstance, db: Db) {
  for (const t of SEARCH_TYPES) {
    if (!isRecordKey(t.key)) continue;
    const key = t.key;
    const ep = recordEndpoints(key);
    addEndpoint(app, db, ep.history, {
      rule: t.rule,
      handler: async (req, _reply, user) => {
        const id = req.params.id;
        if (!(await fetchVisible(db, listDef(key), user, id))) throw notFound();
        const page = pageParam('page', req.query.page, 1);
        const perPage = pageParam('per_page', req.query.per_page, DEFAULT_PER_PAGE);
        const [[{ n }], rows] = await Promise.all([
          db.query<{ n: number }>('select count(*)::int as n from record_history where entity = $1 and entity_id = $2', [key, id]),
          db.query<{
            id: number;
            action: string;
            changes: HistoryEntry['changes'];
            created_at: string;
            author_id: number | null;
            author_name: string | null;
          }>(
            `select h.id, h.action, h.changes, h.created_at, u.id as author_id, u.username as author_name
             from record_history h left join users u on u.id = h.user_id
             where h.entity = $1 and h.entity_id = $2 order by h.created_at desc, h.id desc limit $3 offset $4`,
            [key, id, perPage, (page - 1) * perPage],
          ),
        ]);
        const last = Math.max(1, Math.ceil(n / perPage));
        if (page > last) throw new HttpError(404, { detail: 'Invalid page.' });
        const link = (p: number) => `${publicLinkBase(req)}?${buildQuery({ page: p, per_page: perPage })}`;
        const references = await historyReferenceNames(db, key, rows);
        return {
          count: n,
          next: page < last ? link(page + 1) : null,
          previous: page > 1 ? link(page - 1) : null,
          page: `${page}/${last}`,
          per_page: perPage,
          results: rows.map(({ author_id, author_name, ...h }, i) => ({
            ...h,
            id: Number(h.id),
            author: author_id === null ? null : { id: author_id, name: author_name },
            references: references[i],
          })),
        };
      },
    });
  }

  const tracks = WRITES.tracks;
  const releases = WRITES.releases;
  const tracksWrite = writeRouteRule('tracks');

  registerHandlers(app, db, trackEndpoints, {
    create: {
      rule: createRule('tracks'),
      handler: async (req, reply, user) => {
        const { release_id, ...body } = req.body;
        assertMayEdit(user.principal, tracks, Object.keys(body));
        const row = await db.transaction(async (tx) => {
          // The release must be one the caller sees; its row lock orders concurrent creates (position = last + 1).
          if (!(await fetchVisible(tx, listDef('releases'), user, release_id))) throw badRequest('release_id', MSG.selectFromList);
          const [r] = await tx.query<{ label_id: number; supplier_id: number; release_date: string | null }>(
            'select label_id, supplier_id, release_date from releases where id = $1 for update',
            [release_id],
          );
          const [{ position }] = await tx.query<{ position: number }>(
            'select coalesce(max(position), 0)::int + 1 as position from tracks where release_id = $1',
            [release_id],
          );
          const fixed = { release_id, label_id: r.label_id, supplier_id: r.supplier_id, release_date: r.release_date, position };
          return createRecord(tx, tracks, user, body, fixed, NEW_TRACK);
        });
        reply.code(201).header('etag', etagOf(row.version as number));
        return row;
      },
    },

    bulkEdit: {
      rule: tracksWrite,
      handler: async (req, _reply, user) => {
        const { rows, changes, preview } = req.body;
        return db.transaction((tx) => bulkEdit(tx, tracks, listDef('tracks'), user, { rows, changes, preview }));
      },
    },
  });

  registerHandlers(app, db, releaseEndpoints, {
    create: {
      rule: createRule('releases'),
      handler: async (req, reply, user) => {
        assertMayEdit(user.principal, releases, Object.keys(req.body));
        const row = await db.transaction(async (tx) => {
          // The label must be one the caller sees; its supplier becomes the release's (the releases rule derives it).
          if (!(await fetchVisible(tx, listDef('labels'), user, req.body.label_id))) throw badRequest('label_id', MSG.selectFromList);
          return createRecord(tx, releases, user, req.body, {}, NEW_RELEASE);
        });
        reply.code(201).header('etag', etagOf(row.version as number));
        return row;
      },
    },

    tracks: {
      rule: SEARCH_TYPES.find((t) => t.key === 'releases')!.rule,
      handler: async (req, _reply, user) => {
        const id = req.params.id;
        if (!(await fetchVisible(db, listDef('releases'), user, id))) throw notFound();
        const def = listDef('tracks');
        const { sql, where } = planList(def, user, {});
        const cond = `t.release_id = ${sql.p(id)}`;
        const results = await db.query(
          `select ${def.select} from ${def.from} ${where ? `${where} and ${cond}` : `where ${cond}`} order by t.position, t.id`,
          sql.params,
        );
        return {
          count: results.length,
          next: null,
          previous: null,
          page: '1/1',
          per_page: Math.max(1, results.length),
          results: results as (ObjectRow & { position: number; title: string })[],
        };
      },
    },

    tracksBulk: {
      rule: tracksWrite,
      handler: async (req, _reply, user) => {
        const releaseId = req.params.id;
        const { rows, changes, positions, preview } = req.body;
        return db.transaction(async (tx) => {
          if (!(await fetchVisible(tx, listDef('releases'), user, releaseId))) throw notFound();
          return bulkEdit(tx, tracks, listDef('tracks'), user, { rows, changes: changes ?? {}, positions, preview, releaseId });
        });
      },
    },
  });

  addEndpoint(app, db, artistEndpoints.create, {
    rule: createRule('artists'),
    handler: async (req, reply, user) => {
      assertMayEdit(user.principal, WRITES.artists, Object.keys(req.body));
      const row = await db.transaction((tx) => createRecord(tx, WRITES.artists, user, req.body, {}, {}));
      reply.code(201).header('etag', etagOf(row.version as number));
      return row;
    },
  });

  addEndpoint(app, db, labelEndpoints.create, {
    rule: createRule('labels'),
    handler: async (req, reply, user) => {
      const { supplier_id, confirm_similar, ...body } = req.body;
      assertMayEdit(user.principal, WRITES.labels, Object.keys(body));
      const row = await db.transaction(async (tx) => {
        if (!(await fetchVisible(tx, listDef('suppliers'), user, supplier_id))) throw badRequest('supplier_id', MSG.selectFromList);
        // §8: a similar or identical name is a warning the user may continue past (confirm_similar).
        if (!confirm_similar) {
          const similar = await similarLabels(tx, body.name);
          if (similar.length) throw new HttpError(409, { name: [MSG.labelExists], similar_labels: similar });
        }
        return createRecord(tx, WRITES.labels, user, body, { supplier_id }, {});
      });
      reply.code(201).header('etag', etagOf(row.version as number));
      return row;
    },
  });
}
