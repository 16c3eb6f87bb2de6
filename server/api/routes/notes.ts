/** GET/POST …/{id}/notes/ for the objects spec §7 gives notes (tracks, releases, suppliers, users). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { searchType } from '../../../shared/access';
import type { Db } from '../../db/client';
import { notFound } from '../errors';
import { LIST_DEF_BY_KEY } from '../lists/types';
import { addRoute } from '../route';
import { parseBody } from '../validation';
import { fetchVisible } from './lists';

const noteBody = z.strictObject({ body: z.string().trim().min(1, 'This field may not be blank.').max(10_000) });

export function registerNoteRoutes(app: FastifyInstance, db: Db) {
  for (const key of ['tracks', 'releases', 'suppliers', 'users']) {
    const t = searchType(key)!;
    const def = LIST_DEF_BY_KEY.get(key)!;
    const url = `/v4/${t.category}/${t.path}/:id/notes/`;
    const visibleId = async (raw: string, user: Parameters<typeof fetchVisible>[2]) => {
      if (!/^\d{1,9}$/.test(raw)) throw notFound();
      if (!(await fetchVisible(db, def, user, Number(raw)))) throw notFound();
      return Number(raw);
    };
    addRoute(app, db, {
      method: 'GET', url, rule: t.rule,
      handler: async (req, _reply, user) => {
        const id = await visibleId((req.params as { id: string }).id, user!);
        const results = await db.query(
          `select n.id, n.body, n.created_at, case when u.id is null then null else json_build_object('id', u.id, 'name', u.username) end as author
           from notes n left join users u on u.id = n.author_id where n.entity = $1 and n.entity_id = $2 order by n.created_at desc, n.id desc`,
          [key, id],
        );
        return { count: results.length, next: null, previous: null, page: '1/1', per_page: Math.max(1, results.length), results };
      },
    });
    addRoute(app, db, {
      method: 'POST', url, rule: t.rule,
      handler: async (req, reply, user) => {
        const id = await visibleId((req.params as { id: string }).id, user!);
        const { body } = parseBody(noteBody, req.body);
        const [note] = await db.query(
          'insert into notes (entity, entity_id, body, author_id) values ($1, $2, $3, $4) returning id, body, created_at',
          [key, id, body, user!.id],
        );
        return reply.code(201).send({ ...note, author: { id: user!.id, name: user!.username } });
      },
    });
  }
}
