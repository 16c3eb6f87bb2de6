/**
 * The generic image upload (shared/api/endpoints/media-images.ts): POST /v4/media/images/
 * under MEDIA_IMAGE_WRITE, checked as the record image routes check theirs — from its
 * header first (JPEG or PNG, at most COVER_ART_MAX_SIDE a side), then decoded once so a
 * file whose data is broken is refused now — and stored as it came under
 * `media/images/<uuid>.<jpg|png>`, with a row naming it. An empty body is its own 400.
 * GET /v4/media/images/{id}/ serves it (MEDIA_IMAGE_READ_RULE).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { loadSharp } from '../../lazy-modules';
import { MEDIA_IMAGE_READ_RULE, MEDIA_IMAGE_WRITE } from '../../../shared/access';
import { COVER_ART_TYPES } from '../../../shared/api/endpoints/media';
import { MEDIA_IMAGE_MSG, mediaImageEndpoints, type MediaImage } from '../../../shared/api/endpoints/media-images';
import { COVER_ART_MAX_BYTES, COVER_ART_MAX_SIDE } from '../../../shared/constants';
import type { Db } from '../../db/client';
import type { Storage } from '../../storage';
import { badRequest, notFound } from '../../domain/errors';
import { addEndpoint } from '../route';
import { SHARP_INPUT, imageHeader, sendStored } from './media';

const SELECT = 'id, content_type, width, height, size_bytes, created_at';
const asImage = (r: Omit<MediaImage, 'url'>): MediaImage => ({
  ...r,
  url: `/v4/media/images/${r.id}/`,
  created_at: new Date(r.created_at).toISOString(),
});

export function registerMediaImageRoutes(app: FastifyInstance, db: Db, storage: Storage) {
  app.register(async (scope) => {
    scope.addContentTypeParser([...COVER_ART_TYPES], { parseAs: 'buffer', bodyLimit: COVER_ART_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    addEndpoint(scope, db, mediaImageEndpoints.upload, {
      rule: MEDIA_IMAGE_WRITE,
      bodyLimit: COVER_ART_MAX_BYTES,
      handler: async (req, reply, user) => {
        const body = req.body;
        const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
        if (bytes.length === 0) throw badRequest('image', MEDIA_IMAGE_MSG.empty);
        const unreadable = () => badRequest('image', MEDIA_IMAGE_MSG.format);
        const meta = await imageHeader(bytes, unreadable);
        if (meta.width > COVER_ART_MAX_SIDE || meta.height > COVER_ART_MAX_SIDE) throw badRequest('image', MEDIA_IMAGE_MSG.tooLarge);
        await loadSharp()(bytes, SHARP_INPUT)
          .stats()
          .catch(() => {
            throw unreadable();
          });
        const key = `media/images/${randomUUID()}.${meta.format === 'png' ? 'png' : 'jpg'}`;
        await storage.put(key, bytes);
        try {
          const [row] = await db.query<Omit<MediaImage, 'url'>>(
            `insert into media_images (storage_key, content_type, width, height, size_bytes, uploaded_by) values ($1, $2, $3, $4, $5, $6)
             returning ${SELECT}`,
            [key, `image/${meta.format}`, meta.width, meta.height, bytes.length, user.id],
          );
          reply.code(201);
          return asImage(row);
        } catch (e) {
          await storage.delete(key).catch(() => false);
          throw e;
        }
      },
    });
  });

  addEndpoint(app, db, mediaImageEndpoints.image, {
    rule: MEDIA_IMAGE_READ_RULE,
    handler: async (req, reply) => {
      const [row] = await db.query<{ storage_key: string; content_type: string }>(
        'select storage_key, content_type from media_images where id = $1',
        [req.params.id],
      );
      if (!row) throw notFound();
      return sendStored(storage, req, reply, row.storage_key, row.content_type);
    },
  });
}
