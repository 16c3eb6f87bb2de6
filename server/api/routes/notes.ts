/** GET/POST …/{id}/notes/ for the objects spec §7 gives notes (tracks, releases, suppliers, users). */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { searchType } from '../../../shared/access';
import type { Db } from '../../db/client';
import { notes, users } from '../../db/schema';
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
        const rows = await db.orm
          .select({ id: notes.id, body: notes.body, created_at: notes.created_at, author_id: users.id, author_name: users.username })
          .from(notes)
          .leftJoin(users, eq(users.id, notes.author_id))
          .where(and(eq(notes.entity, key), eq(notes.entity_id, id)))
          .orderBy(desc(notes.created_at), desc(notes.id));
        const results = rows.map(({ author_id, author_name, ...n }) => ({
          ...n, author: author_id === null ? null : { id: author_id, name: author_name },
        }));
        return { count: results.length, next: null, previous: null, page: '1/1', per_page: Math.max(1, results.length), results };
      },
    });
    addRoute(app, db, {
      method: 'POST', url, rule: t.rule,
      handler: async (req, reply, user) => {
        const id = await visibleId((req.params as { id: string }).id, user!);
        const { body } = parseBody(noteBody, req.body);
        const [note] = await db.orm
          .insert(notes)
          .values({ entity: key, entity_id: id, body, author_id: user!.id })
          .returning({ id: notes.id, body: notes.body, created_at: notes.created_at });
        return reply.code(201).send({ ...note, author: { id: user!.id, name: user!.username } });
      },
    });
  }
}
