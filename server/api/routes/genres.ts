/**
 * A genre's sub-genres (shared/api/endpoints/genres.ts): reading under the genres read
 * rule, writing under its write rule (admin). Each write locks the genre, so writes to
 * one genre's sub-genres run one after the other, and appends the genre's history row
 * (`{sub_genres: {old, new}}`, the names) in the same transaction.
 */
import type { FastifyInstance } from 'fastify';
import { SUB_GENRE_IN_USE_MSG, SUB_GENRE_TAKEN_MSG, subGenreEndpoints as ep, type SubGenre } from '../../../shared/api/endpoints';
import type { Db, Queryable } from '../../db/client';
import type { RequestUser } from '../principal';
import { badRequest, notFound } from '../../domain/errors';
import { recordHistory } from '../../domain/history';
import { registerHandlers } from '../route';
import { listUnder, lockedParent, writeRuleOf } from './subresource';

async function subGenresOf(q: Queryable, genreId: number, itemId?: number): Promise<SubGenre[]> {
  return q.query<SubGenre>(
    `select sg.id, sg.name, (select count(*)::int from tracks t where t.sub_genre_id = sg.id) as track_count
     from sub_genres sg where sg.genre_id = $1 and ($2::int is null or sg.id = $2) order by lower(sg.name), sg.id`,
    [genreId, itemId ?? null],
  );
}

/** Inside a write: the genre locked, its names before, and a function that records the change. */
async function writing(tx: Queryable, user: RequestUser, genreId: number) {
  await lockedParent(tx, 'genres', user, genreId);
  const before = (await subGenresOf(tx, genreId)).map((s) => s.name);
  return async () => {
    const after = (await subGenresOf(tx, genreId)).map((s) => s.name);
    await recordHistory(tx, {
      entity: 'genres',
      entityId: genreId,
      userId: user.id,
      action: 'update',
      changes: { sub_genres: { old: before, new: after } },
    });
  };
}

async function assertFreeName(tx: Queryable, genreId: number, name: string, itemId: number | null) {
  const [clash] = await tx.query('select 1 from sub_genres where genre_id = $1 and lower(name) = lower($2) and id is distinct from $3', [
    genreId,
    name,
    itemId,
  ]);
  if (clash) throw badRequest('name', SUB_GENRE_TAKEN_MSG);
}

export function registerGenreRoutes(app: FastifyInstance, db: Db) {
  registerHandlers(app, db, ep, {
    list: listUnder(db, 'genres', (q, id) => subGenresOf(q, id)),
    create: {
      rule: writeRuleOf('genres'),
      handler: async (req, reply, user) => {
        const row = await db.transaction(async (tx) => {
          const done = await writing(tx, user, req.params.id);
          await assertFreeName(tx, req.params.id, req.body.name, null);
          const [{ id }] = await tx.query<{ id: number }>('insert into sub_genres (genre_id, name) values ($1, $2) returning id', [
            req.params.id,
            req.body.name,
          ]);
          await done();
          return (await subGenresOf(tx, req.params.id, id))[0];
        });
        reply.code(201);
        return row;
      },
    },
    patch: {
      rule: writeRuleOf('genres'),
      handler: async (req, _reply, user) =>
        db.transaction(async (tx) => {
          const { id, item } = req.params;
          const done = await writing(tx, user, id);
          if (!(await subGenresOf(tx, id, item)).length) throw notFound();
          await assertFreeName(tx, id, req.body.name, item);
          await tx.query('update sub_genres set name = $2 where id = $1', [item, req.body.name]);
          await done();
          return (await subGenresOf(tx, id, item))[0];
        }),
    },
    remove: {
      rule: writeRuleOf('genres'),
      handler: async (req, reply, user) => {
        await db.transaction(async (tx) => {
          const { id, item } = req.params;
          const done = await writing(tx, user, id);
          const [sub] = await subGenresOf(tx, id, item);
          if (!sub) throw notFound();
          if (sub.track_count > 0) throw badRequest('non_field_errors', SUB_GENRE_IN_USE_MSG);
          await tx.query('delete from sub_genres where id = $1', [item]);
          await done();
        });
        reply.code(204);
        return null;
      },
    },
  });
}
