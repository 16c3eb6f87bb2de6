/**
 * DJ edits (spec §4, §7 Tracks): GET /tracks/{id}/dj-edit/ lists the DJ edits made of a
 * track, POST makes one, GET /tracks/{id}/dj-edit-source/ answers the track a DJ edit
 * was made of.
 *
 * A new DJ edit is a track of its own (is_dj_edit, parent_track_id) that copies the
 * parent's title, credits (artists and remixers), genre, key, BPM and copyright holder,
 * goes in the parent's release unless another is named, and starts hidden and disabled
 * with encode status "Pending Audio Encode": its audio comes later, and only CONVERTED
 * tracks may be shown (§4). Showing it later goes through PATCH, where "Cannot show DJ
 * track: Parent track is hidden or disabled" applies. Making one needs WRITE_RULES.djEdits
 * (admin or content ops, working in the DJ store).
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { WRITE_RULES, allOf } from '../../../shared/access';
import { trackSubresourceEndpoints as ep, type ListRow } from '../../../shared/api/endpoints';
import { DJ_EDIT_MIX_NAME } from '../../../shared/records';
import { MSG } from '../../../shared/messages';
import type { Db } from '../../db/client';
import { releases, tracks } from '../../db/schema';
import { HttpError, badRequest, notFound } from '../../domain/errors';
import { recordHistory } from '../../domain/history';
import { LIST_DEF_BY_KEY } from '../lists/types';
import { endpointsOf, registerHandlers } from '../route';
import { etagOf } from '../versioning';
import { fetchVisible } from './lists';
import { lockedParent, onePage, readRuleOf, visibleParent } from './subresource';

const TRACKS = LIST_DEF_BY_KEY.get('tracks')!;
const RELEASES = LIST_DEF_BY_KEY.get('releases')!;

export const NOT_A_DJ_EDIT = 'This track is not a DJ edit.';
export const DJ_EDIT_OF_DJ_EDIT = 'A DJ edit cannot be made of another DJ edit; make it of the original track.';
/** A new DJ edit waits for its audio (shared/vocabularies.ts ENCODE_STATUS). */
export const NEW_DJ_EDIT_ENCODE_STATUS = 'Pending Audio Encode';

/** The fields a DJ edit takes from its parent, as they are. */
const COPIED = ['bpm', 'key_id', 'genre_id', 'sub_genre_id', 'copyright_holder', 'artist_names', 'is_available_for_streaming'] as const;

export function registerDjEditRoutes(app: FastifyInstance, db: Db) {
  registerHandlers(app, db, endpointsOf(ep, 'djEdits', 'djEditSource', 'addDjEdit'), {
    djEdits: {
      rule: readRuleOf('tracks'),
      handler: async (req, _reply, user) => {
        await visibleParent(db, 'tracks', user, req.params.id);
        const ids = await db.orm
          .select({ id: tracks.id })
          .from(tracks)
          .where(sql`${tracks.parent_track_id} = ${req.params.id} and ${tracks.is_dj_edit}`)
          .orderBy(tracks.id);
        // Each as the tracks list shows it, and only those this user may see.
        const rows = (await Promise.all(ids.map((r) => fetchVisible(db, TRACKS, user, r.id)))).filter((r) => r !== null);
        return onePage(rows as ListRow[]);
      },
    },

    djEditSource: {
      rule: readRuleOf('tracks'),
      handler: async (req, reply, user) => {
        const track = await visibleParent(db, 'tracks', user, req.params.id);
        if (!track.is_dj_edit || track.parent_track_id == null) throw new HttpError(404, { detail: NOT_A_DJ_EDIT });
        const parent = await fetchVisible(db, TRACKS, user, track.parent_track_id as number);
        if (!parent) throw notFound();
        reply.header('etag', etagOf(parent.version as number));
        return parent;
      },
    },

    addDjEdit: {
      rule: allOf(readRuleOf('tracks'), WRITE_RULES.djEdits),
      handler: async (req, reply, user) => {
        const parentId = req.params.id;
        const body = req.body;
        const row = await db.transaction(async (tx) => {
          await lockedParent(tx, 'tracks', user, parentId);
          const [parent] = await tx.orm.select().from(tracks).where(eq(tracks.id, parentId));
          if (parent.is_dj_edit) throw new HttpError(400, { detail: DJ_EDIT_OF_DJ_EDIT });
          const releaseId = body.release_id ?? parent.release_id;
          if (body.release_id !== undefined && !(await fetchVisible(tx, RELEASES, user, releaseId))) {
            throw badRequest('release_id', MSG.selectFromList);
          }
          const [release] = await tx.orm
            .select({ label_id: releases.label_id, supplier_id: releases.supplier_id, release_date: releases.release_date })
            .from(releases)
            .where(eq(releases.id, releaseId))
            .for('update');
          const [{ next }] = await tx.orm
            .select({ next: sql<number>`coalesce(max(${tracks.position}), 0)::int + 1` })
            .from(tracks)
            .where(eq(tracks.release_id, releaseId));
          const values = {
            release_id: releaseId,
            label_id: release.label_id,
            supplier_id: release.supplier_id,
            position: next,
            title: body.title ?? parent.title,
            mix_name: body.mix_name === undefined ? DJ_EDIT_MIX_NAME : body.mix_name,
            ...Object.fromEntries(COPIED.map((f) => [f, parent[f]])),
            release_date: release.release_date,
            is_dj_edit: true,
            parent_track_id: parentId,
            encode_status: NEW_DJ_EDIT_ENCODE_STATUS,
            enabled: false,
            hidden: true,
          };
          const [created] = await tx.orm.insert(tracks).values(values).returning({ id: tracks.id });
          await tx.query(
            `insert into track_artists (track_id, artist_id, role, position)
             select $1, artist_id, role, position from track_artists where track_id = $2`,
            [created.id, parentId],
          );
          await recordHistory(tx, {
            entity: 'tracks',
            entityId: created.id,
            userId: user.id,
            action: 'create',
            changes: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, { old: null, new: v }])),
          });
          return (await fetchVisible(tx, TRACKS, user, created.id))!;
        });
        reply.code(201).header('etag', etagOf(row.version as number));
        return row;
      },
    },
  });
}
