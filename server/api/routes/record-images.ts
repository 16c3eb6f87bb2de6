/**
 * The image of a label and of a chart (shared/api/endpoints/record-images.ts): POST
 * …/{id}/images/ under the type's write rule, GET …/{id}/image/ under its read rule (404
 * when the record is hidden or has no image). The upload is checked from its header first
 * (format, at most COVER_ART_MAX_SIDE a side; a label's also at least 500x500 and square,
 * the §5 image rule in its words), then stored as a square JPEG under a new key; the row
 * names the key and `image_url` the GET, the record's version goes up and its history
 * says the image changed, and the replaced file is removed after the commit.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { loadSharp } from '../../lazy-modules';
import { COVER_ART_TYPES } from '../../../shared/api/endpoints/media';
import {
  RECORD_IMAGE_RULES,
  chartImageEndpoints,
  labelImageEndpoints,
  recordImageMsg,
  type ImageRecordType,
} from '../../../shared/api/endpoints/record-images';
import type { ObjectRow } from '../../../shared/api/endpoints';
import { COVER_ART_MAX_BYTES, COVER_ART_MAX_SIDE } from '../../../shared/constants';
import type { Db } from '../../db/client';
import type { Storage } from '../../storage';
import { HttpError, badRequest, notFound } from '../../domain/errors';
import { recordHistory } from '../../domain/history';
import { addEndpoint } from '../route';
import { etagOf } from '../versioning';
import { SHARP_INPUT, imageHeader, sendStored } from './media';
import { lockedParent, readRuleOf, visibleParent, writeRuleOf } from './subresource';

const ENDPOINTS = { labels: labelImageEndpoints, charts: chartImageEndpoints } as const;

/** The upload made into the stored image (a square JPEG), or 400 `{"image": [...]}` in the type's words. */
export async function recordImage(type: ImageRecordType, bytes: Buffer): Promise<Buffer> {
  const msg = recordImageMsg(type);
  const { side, squareMin } = RECORD_IMAGE_RULES[type];
  const unreadable = () => badRequest('image', msg.format);
  const { width, height } = await imageHeader(bytes, unreadable);
  if (width > COVER_ART_MAX_SIDE || height > COVER_ART_MAX_SIDE) throw badRequest('image', msg.tooLarge);
  if (squareMin !== null) {
    const errors = [...(width < squareMin || height < squareMin ? [msg.tooSmall] : []), ...(width !== height ? [msg.notSquare] : [])];
    if (errors.length) throw new HttpError(400, { image: errors });
  }
  return loadSharp()(bytes, SHARP_INPUT)
    .autoOrient()
    .resize(side, side, { fit: 'cover' })
    .jpeg({ quality: 90, mozjpeg: true })
    .toBuffer()
    .catch(() => {
      throw unreadable();
    });
}

export const imageUrlOf = (type: ImageRecordType, id: number) => `/v4/catalog/${type}/${id}/image/`;

/** An artist's image routes are artists.ts's (with its Muzooka pull-image). */
function registerImage(app: FastifyInstance, db: Db, storage: Storage, type: keyof typeof ENDPOINTS) {
  const ep = ENDPOINTS[type];
  app.register(async (scope) => {
    scope.addContentTypeParser([...COVER_ART_TYPES], { parseAs: 'buffer', bodyLimit: COVER_ART_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    addEndpoint(scope, db, ep.uploadImage, {
      rule: writeRuleOf(type),
      bodyLimit: COVER_ART_MAX_BYTES,
      handler: async (req, reply, user) => {
        const id = req.params.id;
        await visibleParent(db, type, user, id);
        const body = req.body;
        const jpeg = await recordImage(type, Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength));
        const key = `${type}/${id}/image/${randomUUID()}.jpg`;
        await storage.put(key, jpeg);
        let old: string | null = null;
        let row: ObjectRow;
        try {
          row = await db.transaction(async (tx) => {
            await lockedParent(tx, type, user, id);
            const [before] = await tx.query<{ image_key: string | null; image_url: string | null }>(
              `select image_key, image_url from ${type} where id = $1`,
              [id],
            );
            old = before.image_key;
            await tx.query(`update ${type} set image_key = $2, image_url = $3, version = version + 1 where id = $1`, [
              id,
              key,
              imageUrlOf(type, id),
            ]);
            await recordHistory(tx, {
              entity: type,
              entityId: id,
              userId: user.id,
              action: 'update',
              changes: { image: { old: before.image_key ? 'previous image' : before.image_url, new: 'new image' } },
            });
            return visibleParent(tx, type, user, id);
          });
        } catch (e) {
          await storage.delete(key).catch(() => false);
          throw e;
        }
        if (old) await storage.delete(old).catch(() => false);
        reply.code(201).header('etag', etagOf(row.version as number));
        return row;
      },
    });
  });

  addEndpoint(app, db, ep.image, {
    rule: readRuleOf(type),
    handler: async (req, reply, user) => {
      const id = req.params.id;
      await visibleParent(db, type, user, id);
      // A GET that loses the race with a replacing upload (its file removed after the row was read) reads the row again.
      for (let attempt = 0; ; attempt++) {
        const [r] = await db.query<{ image_key: string | null }>(`select image_key from ${type} where id = $1`, [id]);
        if (!r?.image_key) throw notFound();
        try {
          return await sendStored(storage, req, reply, r.image_key, 'image/jpeg');
        } catch (e) {
          if (attempt >= 2 || !(e instanceof HttpError) || e.status !== 404) throw e;
        }
      }
    },
  });
}

export function registerRecordImageRoutes(app: FastifyInstance, db: Db, storage: Storage) {
  registerImage(app, db, storage, 'labels');
  registerImage(app, db, storage, 'charts');
}
