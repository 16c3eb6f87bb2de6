/**
 * The artist calls of spec §7 Artists beyond GET/PATCH (shared/api/endpoints/artists.ts):
 * the profile image (upload, pull from Muzooka, serve), the Muzooka mappings and Muzooka
 * sync. Reading takes the artists read rule (§6); writing the artists write rule
 * (shared/access: admin, content ops, curation) as well. Each write locks the artist,
 * bumps its version when the artist row changes, and writes its history row in the
 * same transaction. Muzooka is called before the transaction (server/muzooka/client.ts:
 * time-limited, clear errors), so no row lock waits on the third party.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { allOf, searchType, writeRule } from '../../../shared/access';
import { onePage } from '../../../shared/api/envelope';
import { MUZOOKA_MSG, artistEndpoints as ep, type MuzookaMapping } from '../../../shared/api/endpoints/artists';
import { COVER_ART_TYPES } from '../../../shared/api/endpoints/media';
import type { ObjectRow } from '../../../shared/api/endpoints';
import { COVER_ART_MAX_BYTES } from '../../../shared/constants';
import type { Db, Queryable } from '../../db/client';
import { artist_muzooka_mappings } from '../../db/schema';
import type { Muzooka } from '../../muzooka/client';
import type { Storage } from '../../storage';
import { HttpError, badRequest, notFound } from '../../domain/errors';
import { recordHistory } from '../../domain/history';
import { LIST_DEF_BY_KEY } from '../lists/types';
import type { RequestUser } from '../principal';
import { addEndpoint, endpointsOf, registerHandlers } from '../route';
import { etagOf } from '../versioning';
import { fetchVisible } from './lists';
import { sendStored } from './media';
import { imageUrlOf as recordImageUrl, recordImage } from './record-images';

const READ = searchType('artists')!.rule;
const WRITE = allOf(READ, writeRule('artists')!);
const DEF = LIST_DEF_BY_KEY.get('artists')!;

async function visibleArtist(q: Queryable, user: RequestUser, id: number): Promise<ObjectRow> {
  const row = await fetchVisible(q, DEF, user, id);
  if (!row) throw notFound();
  return row;
}

/** Inside a write's transaction: the artist row, locked. */
async function lockedArtist(tx: Queryable, user: RequestUser, id: number) {
  await visibleArtist(tx, user, id);
  const [row] = await tx.query<{
    muzooka_id: string | null;
    muzooka_sync: boolean;
    bio: string | null;
    image_url: string | null;
    image_key: string | null;
  }>('select muzooka_id, muzooka_sync, bio, image_url, image_key from artists where id = $1 for update', [id]);
  return row;
}

/** Sets columns of the artist (version + 1) with the history row of what changed. */
async function updateArtist(
  tx: Queryable,
  user: RequestUser,
  id: number,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  action = 'update',
) {
  const changes = Object.fromEntries(
    Object.entries(after)
      .filter(([k, v]) => before[k] !== v)
      .map(([k, v]) => [k, { old: before[k] ?? null, new: v }]),
  );
  if (!Object.keys(changes).length) return;
  const cols = Object.keys(after);
  await tx.query(`update artists set ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')}, version = version + 1 where id = $1`, [
    id,
    ...cols.map((c) => after[c]),
  ]);
  // The storage key is internal: the history shows the image's URL only.
  delete changes.image_key;
  await recordHistory(tx, { entity: 'artists', entityId: id, userId: user.id, action, changes });
}

/** The artist as GET by id answers it, with its ETag on the reply. */
async function answer(q: Queryable, user: RequestUser, id: number, reply: { header(k: string, v: string): unknown }): Promise<ObjectRow> {
  const row = await visibleArtist(q, user, id);
  reply.header('etag', etagOf(row.version as number));
  return row;
}

/** A JPEG or PNG made into the stored profile image (a centred square JPEG, as a chart's image); anything else is 400 `{"image": [...]}`. */
const profileImage = (bytes: Buffer) => recordImage('artists', bytes);
const imageUrlOf = (id: number) => recordImageUrl('artists', id);

const MAPPING = {
  id: artist_muzooka_mappings.id,
  muzooka_id: artist_muzooka_mappings.muzooka_id,
  enabled: artist_muzooka_mappings.enabled,
  created_at: artist_muzooka_mappings.created_at,
};
const mappingsOf = (q: Queryable, artistId: number) =>
  q.orm
    .select(MAPPING)
    .from(artist_muzooka_mappings)
    .where(eq(artist_muzooka_mappings.artist_id, artistId))
    .orderBy(asc(artist_muzooka_mappings.id));
const shown = (list: readonly MuzookaMapping[]) => list.map((m) => ({ muzooka_id: m.muzooka_id, enabled: m.enabled }));

/**
 * One change of an artist's mappings in a transaction: the artist locked, its mappings
 * before, the change (which answers what it returns and the list after), the history row.
 */
async function changeMappings<T>(
  db: Db,
  user: RequestUser,
  id: number,
  change: (tx: Queryable, before: MuzookaMapping[]) => Promise<{ out: T; after: MuzookaMapping[] } | null>,
): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    await lockedArtist(tx, user, id);
    const before = await mappingsOf(tx, id);
    const r = await change(tx, before);
    if (!r) return undefined;
    await recordHistory(tx, {
      entity: 'artists',
      entityId: id,
      userId: user.id,
      action: 'update',
      changes: { muzooka_mappings: { old: shown(before), new: shown(r.after) } },
    });
    return r.out;
  });
}

/** A unique-violation of (artist, profile) is the field error, not a 500. */
function mappedTwice(e: unknown): never {
  if ((e as { code?: string }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505')
    throw badRequest('muzooka_id', MUZOOKA_MSG.mappedTwice);
  throw e;
}

export function registerArtistRoutes(app: FastifyInstance, db: Db, storage: Storage, muzooka: Muzooka) {
  /** Stores a new profile image for the artist, then removes the one it replaces. */
  const setImage = async (user: RequestUser, id: number, jpeg: Buffer, action: string) => {
    const key = `artists/${id}/profile/${randomUUID()}.jpg`;
    await storage.put(key, jpeg);
    let old: string | null = null;
    try {
      await db.transaction(async (tx) => {
        const a = await lockedArtist(tx, user, id);
        old = a.image_key;
        await updateArtist(tx, user, id, a, { image_key: key, image_url: imageUrlOf(id) }, action);
        // The URL stays the same: record the replacement itself.
        if (a.image_url === imageUrlOf(id)) {
          await recordHistory(tx, {
            entity: 'artists',
            entityId: id,
            userId: user.id,
            action,
            changes: { profile_image: { old: 'previous image', new: 'new image' } },
          });
        }
      });
    } catch (e) {
      await storage.delete(key).catch(() => false);
      throw e;
    }
    if (old) await storage.delete(old).catch(() => false);
  };

  /** A visible artist's Muzooka profile, read from Muzooka (before any transaction); §5: the artist needs a Muzooka ID. */
  const profileOf = async (user: RequestUser, id: number) => {
    await visibleArtist(db, user, id);
    const [a] = await db.query<{ muzooka_id: string | null }>('select muzooka_id from artists where id = $1', [id]);
    if (!a.muzooka_id) throw badRequest('muzooka_id', MUZOOKA_MSG.idRequired);
    return { muzookaId: a.muzooka_id, profile: await muzooka.profile(a.muzooka_id) };
  };

  app.register(async (scope) => {
    scope.addContentTypeParser([...COVER_ART_TYPES], { parseAs: 'buffer', bodyLimit: COVER_ART_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    addEndpoint(scope, db, ep.uploadImage, {
      rule: WRITE,
      bodyLimit: COVER_ART_MAX_BYTES,
      handler: async (req, reply, user) => {
        const id = req.params.id;
        await visibleArtist(db, user, id);
        const body = req.body;
        const jpeg = await profileImage(Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength));
        await setImage(user, id, jpeg, 'update');
        reply.code(201);
        return answer(db, user, id, reply);
      },
    });
  });

  const ofArtist = (id: number, mid: number) => and(eq(artist_muzooka_mappings.id, mid), eq(artist_muzooka_mappings.artist_id, id));

  registerHandlers(
    app,
    db,
    endpointsOf(ep, 'image', 'pullImage', 'sync', 'unsync', 'mappings', 'addMapping', 'patchMapping', 'deleteMapping'),
    {
      image: {
        rule: READ,
        handler: async (req, reply, user) => {
          const id = req.params.id;
          await visibleArtist(db, user, id);
          // A GET that loses the race with a replacing upload (its file removed after the row was read) reads the row again.
          for (let attempt = 0; ; attempt++) {
            const [a] = await db.query<{ image_key: string | null }>('select image_key from artists where id = $1', [id]);
            if (!a?.image_key) throw notFound();
            try {
              return await sendStored(storage, req, reply, a.image_key, 'image/jpeg');
            } catch (e) {
              if (attempt >= 2 || !(e instanceof HttpError) || e.status !== 404) throw e;
            }
          }
        },
      },

      pullImage: {
        rule: WRITE,
        handler: async (req, reply, user) => {
          const id = req.params.id;
          const { profile } = await profileOf(user, id);
          const bytes = await muzooka.image(profile);
          const jpeg = await profileImage(bytes).catch(() => {
            throw new HttpError(502, { detail: MUZOOKA_MSG.badAnswer });
          });
          await setImage(user, id, jpeg, 'muzooka');
          return answer(db, user, id, reply);
        },
      },

      sync: {
        rule: WRITE,
        handler: async (req, reply, user) => {
          const id = req.params.id;
          const { muzookaId, profile } = await profileOf(user, id);
          await db.transaction(async (tx) => {
            const now = await lockedArtist(tx, user, id);
            // The ID changed while Muzooka was asked: what was read is not this artist's profile any more.
            if (now.muzooka_id !== muzookaId) throw new HttpError(409, { detail: 'The Muzooka ID changed meanwhile. Please try again.' });
            await updateArtist(tx, user, id, now, { muzooka_sync: true, bio: profile.bio ?? now.bio }, 'muzooka');
          });
          return answer(db, user, id, reply);
        },
      },

      unsync: {
        rule: WRITE,
        handler: async (req, reply, user) => {
          const id = req.params.id;
          await db.transaction(async (tx) => {
            const a = await lockedArtist(tx, user, id);
            await updateArtist(tx, user, id, a, { muzooka_sync: false });
          });
          return answer(db, user, id, reply);
        },
      },

      mappings: {
        rule: READ,
        handler: async (req, _reply, user) => {
          await visibleArtist(db, user, req.params.id);
          return onePage(await mappingsOf(db, req.params.id));
        },
      },

      addMapping: {
        rule: WRITE,
        handler: async (req, reply, user) => {
          const id = req.params.id;
          const added = await changeMappings(db, user, id, async (tx, before) => {
            if (before.some((m) => m.muzooka_id === req.body.muzooka_id)) throw badRequest('muzooka_id', MUZOOKA_MSG.mappedTwice);
            const [row] = await tx.orm
              .insert(artist_muzooka_mappings)
              .values({ artist_id: id, muzooka_id: req.body.muzooka_id, enabled: req.body.enabled ?? true })
              .returning(MAPPING);
            return { out: row, after: [...before, row] };
          }).catch(mappedTwice);
          reply.code(201);
          return added!;
        },
      },

      patchMapping: {
        rule: WRITE,
        handler: async (req, _reply, user) => {
          const { id, mid } = req.params;
          let unchanged: MuzookaMapping | undefined;
          const changed = await changeMappings(db, user, id, async (tx, before) => {
            const old = before.find((m) => m.id === mid);
            if (!old) throw notFound();
            if (!Object.keys(req.body).length) {
              unchanged = old;
              return null;
            }
            if (
              req.body.muzooka_id !== undefined &&
              req.body.muzooka_id !== old.muzooka_id &&
              before.some((m) => m.muzooka_id === req.body.muzooka_id)
            ) {
              throw badRequest('muzooka_id', MUZOOKA_MSG.mappedTwice);
            }
            const [row] = await tx.orm.update(artist_muzooka_mappings).set(req.body).where(ofArtist(id, mid)).returning(MAPPING);
            return { out: row, after: before.map((m) => (m.id === mid ? row : m)) };
          }).catch(mappedTwice);
          return (changed ?? unchanged)!;
        },
      },

      deleteMapping: {
        rule: WRITE,
        handler: async (req, reply, user) => {
          const { id, mid } = req.params;
          await changeMappings(db, user, id, async (tx, before) => {
            if (!before.some((m) => m.id === mid)) throw notFound();
            await tx.orm.delete(artist_muzooka_mappings).where(ofArtist(id, mid));
            return { out: null, after: before.filter((m) => m.id !== mid) };
          });
          return reply.code(204).send();
        },
      },
    },
  );
}
