/**
 * A track's songwriters (with their songwriter type, from the songwriter-types reference
 * list) and publishers (spec §3, §7 Tracks): GET/POST songwriters, DELETE one; GET/PUT
 * publishers (PUT replaces the list). Reading follows the tracks read rule and the
 * track's visibility; writing needs the tracks write rule. Each change writes its
 * history row in the same transaction.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { trackSubresourceEndpoints as ep, type Publisher, type Songwriter } from '../../../shared/api/endpoints';
import type { ResponseIn } from '../../../shared/api/endpoint';
import type { Db, Queryable } from '../../db/client';
import { reference_items, track_publishers, track_songwriters } from '../../db/schema';
import { notFound } from '../../domain/errors';
import { recordHistory } from '../../domain/history';
import { endpointsOf, registerHandlers, type EndpointDef } from '../route';
import { lockedParent, onePage, readRuleOf, visibleParent, writeRuleOf } from './subresource';

export const SONGWRITER_TYPES = 'songwriter-types';

async function songwritersOf(q: Queryable, trackId: number): Promise<Songwriter[]> {
  const rows = await q.orm
    .select({ id: track_songwriters.id, name: track_songwriters.name, type_id: reference_items.id, type_name: reference_items.name })
    .from(track_songwriters)
    .leftJoin(
      reference_items,
      and(eq(reference_items.list, SONGWRITER_TYPES), eq(reference_items.id, track_songwriters.songwriter_type_id)),
    )
    .where(eq(track_songwriters.track_id, trackId))
    .orderBy(asc(track_songwriters.id));
  return rows.map((r) => ({ id: r.id, name: r.name, songwriter_type: r.type_id === null ? null : { id: r.type_id, name: r.type_name! } }));
}

async function publishersOf(q: Queryable, trackId: number): Promise<Publisher[]> {
  return q.orm
    .select({ id: track_publishers.id, name: track_publishers.name })
    .from(track_publishers)
    .where(eq(track_publishers.track_id, trackId))
    .orderBy(asc(track_publishers.id));
}

/** Songwriters as the history shows them: name and type. */
const credits = (list: Songwriter[]) => list.map((s) => ({ name: s.name, songwriter_type: s.songwriter_type?.name ?? null }));

export function registerTrackCreditRoutes(app: FastifyInstance, db: Db) {
  /** A GET of a visible track's list. */
  const readList = <E extends typeof ep.songwriters | typeof ep.publishers>(
    load: (q: Queryable, trackId: number) => Promise<ResponseIn<E>['results']>,
  ): EndpointDef<E> => ({
    rule: readRuleOf('tracks'),
    handler: async (req, _reply, user) => {
      const { id } = req.params as { id: number };
      await visibleParent(db, 'tracks', user, id);
      return onePage(await load(db, id)) as ResponseIn<E>;
    },
  });

  registerHandlers(app, db, endpointsOf(ep, 'songwriters', 'publishers', 'addSongwriter', 'deleteSongwriter', 'putPublishers'), {
    songwriters: readList<typeof ep.songwriters>(songwritersOf),
    publishers: readList<typeof ep.publishers>(publishersOf),

    addSongwriter: {
      rule: writeRuleOf('tracks'),
      handler: async (req, reply, user) => {
        const trackId = req.params.id;
        const { name, songwriter_type_id } = req.body;
        const added = await db.transaction(async (tx) => {
          await lockedParent(tx, 'tracks', user, trackId);
          const before = await songwritersOf(tx, trackId);
          const [row] = await tx.orm
            .insert(track_songwriters)
            .values({ track_id: trackId, name, songwriter_type_id })
            .returning({ id: track_songwriters.id });
          const after = await songwritersOf(tx, trackId);
          await recordHistory(tx, {
            entity: 'tracks',
            entityId: trackId,
            userId: user.id,
            action: 'update',
            changes: { songwriters: { old: credits(before), new: credits(after) } },
          });
          return after.find((s) => s.id === row.id)!;
        });
        reply.code(201);
        return added;
      },
    },

    deleteSongwriter: {
      rule: writeRuleOf('tracks'),
      handler: async (req, reply, user) => {
        const { id: trackId, sid } = req.params;
        await db.transaction(async (tx) => {
          await lockedParent(tx, 'tracks', user, trackId);
          const before = await songwritersOf(tx, trackId);
          const gone = await tx.orm
            .delete(track_songwriters)
            .where(and(eq(track_songwriters.id, sid), eq(track_songwriters.track_id, trackId)))
            .returning({ id: track_songwriters.id });
          if (!gone.length) throw notFound();
          await recordHistory(tx, {
            entity: 'tracks',
            entityId: trackId,
            userId: user.id,
            action: 'update',
            changes: { songwriters: { old: credits(before), new: credits(before.filter((s) => s.id !== sid)) } },
          });
        });
        return reply.code(204).send();
      },
    },

    putPublishers: {
      rule: writeRuleOf('tracks'),
      handler: async (req, _reply, user) => {
        const trackId = req.params.id;
        const { names } = req.body;
        const list = await db.transaction(async (tx) => {
          await lockedParent(tx, 'tracks', user, trackId);
          const before = await publishersOf(tx, trackId);
          const old = before.map((p) => p.name);
          // The same list in the same order: nothing changes (ids kept, no history row).
          if (old.length === names.length && old.every((n, i) => n === names[i])) return before;
          await tx.orm.delete(track_publishers).where(eq(track_publishers.track_id, trackId));
          // One row per name, ids ascending in the order given (the list's order).
          for (const name of names) await tx.orm.insert(track_publishers).values({ track_id: trackId, name });
          await recordHistory(tx, {
            entity: 'tracks',
            entityId: trackId,
            userId: user.id,
            action: 'update',
            changes: { publishers: { old, new: names } },
          });
          return publishersOf(tx, trackId);
        });
        return onePage(list);
      },
    },
  });
}
