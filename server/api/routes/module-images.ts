/**
 * Page module images (shared/api/endpoints/curation.ts moduleImageEndpoints; spec §5, §9).
 *
 * - Upload: the raw body (JPEG or PNG, at most COVER_ART_MAX_BYTES, COVER_ART_MAX_SIDE a
 *   side, read by sharp as the cover-art upload is) is stored as it came under
 *   `page-modules/{id}/images/upload-<uuid>-<png|jpg>`; the answer names it, with its size as
 *   shown (EXIF orientation applied) and the §9 crop of the module (moduleImageCrop: page
 *   type, module type and slot), which the console's cropper holds to its aspect.
 * - Crop: the rectangle (in the upload's pixels) must lie inside the image (else 400
 *   naming x, y, width or height); sharp cuts it out and resizes it to the crop's size
 *   (JPEG), stored as `crop-<uuid>-jpg`; its image_url (this API's path of the file) is
 *   what a non-catalogue item is added with.
 * - Reads take the page modules' read rule and the module's visibility (another brand's
 *   module is 404); the writes the module's write rule (Control users, §6).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { loadSharp } from '../../lazy-modules';
import { SEARCH_TYPES, writeRouteRule } from '../../../shared/access';
import { COVER_ART_TYPES, MODULE_IMAGE_MSG, moduleImageEndpoints, type CropRect } from '../../../shared/api/endpoints';
import { COVER_ART_MAX_BYTES, COVER_ART_MAX_SIDE, IMAGE_CROPS } from '../../../shared/constants';
import { PKG_MSG } from '../../../shared/packaging/messages';
import { moduleImageCrop } from '../../../shared/records';
import type { Db } from '../../db/client';
import type { Storage } from '../../storage';
import { HttpError, badRequest, notFound } from '../../domain/errors';
import { LIST_DEF_BY_KEY } from '../lists/types';
import type { RequestUser } from '../principal';
import { addEndpoint, endpointsOf, registerHandlers } from '../route';
import { MEDIA_MSG } from '../../../shared/api/endpoints/media';
import { SHARP_INPUT, imageHeader, sendStored } from './media';
import { fetchVisible } from './lists';

const modulesList = LIST_DEF_BY_KEY.get('page_modules')!;
const keyOf = (id: number, name: string) => `page-modules/${id}/images/${name}`;
/** The path a crop is shown by (GET moduleImageEndpoints.image): what an item's image_url holds. */
export const moduleImageUrl = (id: number, name: string) => `/v4/curation/page-modules/${id}/images/${name}/`;

/** The module's §9 crop, if the caller sees the module (else 404). */
async function visibleModuleCrop(db: Db, user: RequestUser, id: number) {
  if (!(await fetchVisible(db, modulesList, user, id))) throw notFound();
  const [m] = await db.query<{ page_type: string | null; module_type: string | null; slot: string | null }>(
    `select pt.name as page_type, mt.name as module_type, m.slot
     from page_modules m join pages p on p.id = m.page_id
     left join reference_items pt on pt.list = 'page-types' and pt.id = p.page_type_id
     left join reference_items mt on mt.list = 'page-module-types' and mt.id = m.module_type_id
     where m.id = $1`,
    [id],
  );
  if (!m) throw notFound();
  const key = moduleImageCrop({ pageType: m.page_type, moduleType: m.module_type, slot: m.slot });
  const [width, height] = IMAGE_CROPS[key];
  return { key, width, height };
}

/** The fields of the rectangle that reach past the image's edges (each named once). */
function outside(r: CropRect, width: number, height: number): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (r.x >= width) errors.x = [MODULE_IMAGE_MSG.outside];
  if (r.y >= height) errors.y = [MODULE_IMAGE_MSG.outside];
  if (!errors.x && r.x + r.width > width) errors.width = [MODULE_IMAGE_MSG.outside];
  if (!errors.y && r.y + r.height > height) errors.height = [MODULE_IMAGE_MSG.outside];
  return errors;
}

export function registerModuleImageRoutes(app: FastifyInstance, db: Db, storage: Storage) {
  const read = SEARCH_TYPES.find((t) => t.key === 'page_modules')!.rule;
  const write = writeRouteRule('page_modules');
  const unreadable = () => badRequest('image', PKG_MSG.coverArtFormat);

  app.register(async (scope) => {
    scope.addContentTypeParser([...COVER_ART_TYPES], { parseAs: 'buffer', bodyLimit: COVER_ART_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    addEndpoint(scope, db, moduleImageEndpoints.upload, {
      rule: write,
      bodyLimit: COVER_ART_MAX_BYTES,
      handler: async (req, reply, user) => {
        const id = req.params.id;
        const crop = await visibleModuleCrop(db, user, id);
        const body = req.body;
        const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
        const meta = await imageHeader(bytes, unreadable);
        if (meta.width > COVER_ART_MAX_SIDE || meta.height > COVER_ART_MAX_SIDE) throw badRequest('image', MEDIA_MSG.tooLarge);
        // Decoded once here, so a file whose header reads but whose data is broken is refused now, not at the crop.
        await loadSharp()(bytes, SHARP_INPUT)
          .stats()
          .catch(() => {
            throw unreadable();
          });
        const name = `upload-${randomUUID()}-${meta.format === 'png' ? 'png' : 'jpg'}`;
        await storage.put(keyOf(id, name), bytes);
        reply.code(201);
        return { name, width: meta.width, height: meta.height, crop };
      },
    });
  });

  registerHandlers(app, db, endpointsOf(moduleImageEndpoints, 'crop', 'image'), {
    crop: {
      rule: write,
      handler: async (req, reply, user) => {
        const { id, name } = req.params;
        const crop = await visibleModuleCrop(db, user, id);
        if (!name.startsWith('upload-')) throw badRequest('name', MODULE_IMAGE_MSG.noSuchImage);
        const bytes = await storage.get(keyOf(id, name));
        if (!bytes) throw notFound();
        const { width, height } = await imageHeader(bytes, unreadable);
        const r = req.body;
        const errors = outside(r, width, height);
        if (Object.keys(errors).length) throw new HttpError(400, errors);
        const out = await loadSharp()(bytes, SHARP_INPUT)
          .autoOrient()
          .extract({ left: r.x, top: r.y, width: r.width, height: r.height })
          .resize(crop.width, crop.height, { fit: 'cover' })
          .jpeg({ quality: 90, mozjpeg: true })
          .toBuffer({ resolveWithObject: true })
          .catch(() => {
            throw unreadable();
          });
        const cropName = `crop-${randomUUID()}-jpg`;
        await storage.put(keyOf(id, cropName), out.data);
        reply.code(201);
        return { name: cropName, image_url: moduleImageUrl(id, cropName), width: out.info.width, height: out.info.height };
      },
    },

    image: {
      rule: read,
      handler: async (req, reply, user) => {
        const { id, name } = req.params;
        if (!(await fetchVisible(db, modulesList, user, id))) throw notFound();
        return sendStored(storage, req, reply, keyOf(id, name), name.endsWith('-png') ? 'image/png' : 'image/jpeg');
      },
    },
  });
}
