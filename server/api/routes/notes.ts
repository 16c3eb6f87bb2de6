/**
 * GET/POST …/{id}/notes/ for the objects spec §7 gives notes (tracks, releases, suppliers,
 * users): staff on Control who read the type (notesRule, shared/access/writes.ts).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notesRule } from '../../../shared/access';
import { NOTE_TYPES, listEndpoints } from '../../../shared/api/endpoints';
import { onePage } from '../../../shared/api/envelope';
import type { Db } from '../../db/client';
import { notes, users } from '../../db/schema';
import { notFound } from '../../domain/errors';
import { LIST_DEF_BY_KEY } from '../lists/types';
import { endpointsOf, registerHandlers } from '../route';
import { fetchVisible } from './lists';

export function registerNoteRoutes(app: FastifyInstance, db: Db) {
  for (const key of NOTE_TYPES) {
    const rule = notesRule(key);
    const def = LIST_DEF_BY_KEY.get(key)!;
    const ep = listEndpoints(key);
    const visibleId = async (id: number, user: Parameters<typeof fetchVisible>[2]) => {
      if (!(await fetchVisible(db, def, user, id))) throw notFound();
      return id;
    };
    registerHandlers(app, db, endpointsOf(ep, 'notes', 'addNote'), {
      notes: {
        rule,
        handler: async (req, _reply, user) => {
          const id = await visibleId(req.params.id, user);
          const rows = await db.orm
            .select({ id: notes.id, body: notes.body, created_at: notes.created_at, author_id: users.id, author_name: users.username })
            .from(notes)
            .leftJoin(users, eq(users.id, notes.author_id))
            .where(and(eq(notes.entity, key), eq(notes.entity_id, id)))
            .orderBy(desc(notes.created_at), desc(notes.id));
          const results = rows.map(({ author_id, author_name, ...n }) => ({
            ...n,
            author: author_id === null ? null : { id: author_id, name: author_name },
          }));
          return onePage(results);
        },
      },
      addNote: {
        rule,
        handler: async (req, reply, user) => {
          const id = await visibleId(req.params.id, user);
          const { body } = req.body;
          const [note] = await db.orm
            .insert(notes)
            .values({ entity: key, entity_id: id, body, author_id: user.id })
            .returning({ id: notes.id, body: notes.body, created_at: notes.created_at });
          reply.code(201);
          return { ...note, author: { id: user.id, name: user.username } };
        },
      },
    });
  }
}
