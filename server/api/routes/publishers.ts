/**
 * The publishers catalogue (shared/api/endpoints/publishers.ts): GET, POST and DELETE
 * /v4/content-ops/publishers/. Entries are rows of the `publishers` reference list
 * (reference_items, as the songwriter types are): id and name, names unique without regard
 * to case. A track credits publishers by name (track_publishers), so an entry is in use
 * while a track credits its name (any case, trimmed); deleting one in use is a 409 saying
 * how many tracks credit it. Writes take PUBLISHERS_WRITE (admin, content ops), hold the
 * reference list's table lock (one create or delete at a time, so two of one name cannot
 * both pass the check, and a delete's count is the count), and write a history row
 * ('publishers').
 */
import type { FastifyInstance } from 'fastify';
import { PUBLISHERS_READ, PUBLISHERS_WRITE } from '../../../shared/access';
import { onePage } from '../../../shared/api/envelope';
import { PUBLISHER_MSG, publisherEndpoints as ep, type CataloguePublisher } from '../../../shared/api/endpoints/publishers';
import type { Db, Queryable } from '../../db/client';
import { HttpError, badRequest, notFound } from '../../domain/errors';
import { recordHistory } from '../../domain/history';
import { registerHandlers } from '../route';

/** The reference list holding the catalogue's publishers. */
export const PUBLISHERS_LIST = 'publishers';

/** How many tracks credit a publisher of this name (any case, trimmed). */
const CREDITS = `(select count(distinct tp.track_id)::int from track_publishers tp where lower(btrim(tp.name)) = lower(btrim(r.name)))`;

async function publishers(q: Queryable, id?: number): Promise<CataloguePublisher[]> {
  return q.query<CataloguePublisher>(
    `select r.id, r.name, ${CREDITS} as track_count from reference_items r
     where r.list = $1 and ($2::int is null or r.id = $2) order by lower(r.name), r.id`,
    [PUBLISHERS_LIST, id ?? null],
  );
}

export function registerPublisherRoutes(app: FastifyInstance, db: Db) {
  registerHandlers(app, db, ep, {
    list: { rule: PUBLISHERS_READ, handler: async () => onePage(await publishers(db)) },

    create: {
      rule: PUBLISHERS_WRITE,
      handler: async (req, reply, user) => {
        const { name } = req.body;
        const made = await db.transaction(async (tx) => {
          await tx.query('lock table reference_items in share row exclusive mode');
          const [taken] = await tx.query('select id from reference_items where list = $1 and lower(name) = lower($2) limit 1', [
            PUBLISHERS_LIST,
            name,
          ]);
          if (taken) throw badRequest('name', PUBLISHER_MSG.nameTaken);
          const [{ id }] = await tx.query<{ id: number }>(
            `insert into reference_items (list, id, name)
             select $1, coalesce(max(id), 0) + 1, $2 from reference_items where list = $1 returning id`,
            [PUBLISHERS_LIST, name],
          );
          await recordHistory(tx, {
            entity: 'publishers',
            entityId: id,
            userId: user.id,
            action: 'create',
            changes: { name: { old: null, new: name } },
          });
          return (await publishers(tx, id))[0];
        });
        reply.code(201);
        return made;
      },
    },

    remove: {
      rule: PUBLISHERS_WRITE,
      handler: async (req, reply, user) => {
        const id = req.params.id;
        await db.transaction(async (tx) => {
          await tx.query('lock table reference_items in share row exclusive mode');
          const [p] = await publishers(tx, id);
          if (!p) throw notFound();
          if (p.track_count > 0) throw new HttpError(409, { detail: PUBLISHER_MSG.inUse(p.track_count) });
          await tx.query('delete from reference_items where list = $1 and id = $2', [PUBLISHERS_LIST, id]);
          await recordHistory(tx, {
            entity: 'publishers',
            entityId: id,
            userId: user.id,
            action: 'delete',
            changes: { name: { old: p.name, new: null } },
          });
        });
        return reply.code(204).send();
      },
    },
  });
}
