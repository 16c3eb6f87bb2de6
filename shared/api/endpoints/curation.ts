/**
 * Curation (spec §7 "Curation: pages and page modules GET/POST/PATCH/DELETE with items"):
 * creating and deleting pages (GET list/by id, PATCH and PUT are the generic record
 * routes of ./lists.ts and ./records.ts), and the URL slug check the page form runs as
 * the slug is typed (slugs are unique per brand).
 */
import { z } from 'zod';
import { COVER_ART_MAX_SIDE, IMAGE_CROPS, LIMITS } from '../../constants';
import { MSG } from '../../messages';
import { STAGE_ITEMS } from '../../records/live-items';
import { MODULE_ITEMS } from '../../records/curation-items';
import { RECORDS } from '../../records/registry';
import { SLUG_MSG, SLUG_PATTERN } from '../../records/catalog';
import { NAME_MAX, id as idValue } from '../../records/values';
import { endpoint, IdParam } from '../endpoint';
import { listEnvelope } from '../envelope';
import { ObjectRow } from './lists';
import { Bytes } from './media';
import { formatCount } from '../../format';

const params = z.object({ id: IdParam });

/** The console's own texts (the spec quotes none for these). */
export const CURATION_MSG = {
  slugTaken: 'This URL slug is already in use.',
  /** Spec §5: non-catalogue page-module items must have an image; YouTube video items must have a URL. */
  imageRequired: 'Non-catalogue items must have an image.',
  urlRequired: 'YouTube video items must have a URL.',
  itemRequired: 'Choose the item to show.',
  order: 'Give every item of the module once, with positions 1 to N.',
  orderModule: 'Positions are of this module.',
  noItemId: 'Only catalogue items name an item.',
  /** Spec §5: enabled live streams need at least one stage. */
  stageRequired: 'An enabled live stream needs at least one stage.',
  stageNumbers: 'Each stage number once.',
} as const;

/** GET …/pages/slug-check/?slug=…[&exclude=id]: is the slug free on the active brand (the page `exclude` aside)? */
export const SlugCheckQuery = z.strictObject({
  slug: z.string({ error: SLUG_MSG }).max(NAME_MAX).regex(SLUG_PATTERN, SLUG_MSG),
  exclude: z.coerce
    .number({ error: 'Enter a valid id.' })
    .int('Enter a valid id.')
    .positive('Enter a valid id.')
    .max(2_147_483_647, 'Enter a valid id.')
    .optional(),
});
export const SlugCheck = z.object({ slug: z.string(), available: z.boolean() });
export type SlugCheck = z.infer<typeof SlugCheck>;

export const pageEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/v4/curation/pages/',
    body: RECORDS.pages.createSchema,
    response: ObjectRow,
    doc: 'Creates a page on the active brand (its page type one the brand offers, spec §6); 201 with the page and its ETag.',
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v4/curation/pages/:id/',
    params,
    response: z.null(),
    doc: 'Deletes a page with its modules and their items (204); a history row "delete" keeps what it was.',
  }),
  slugCheck: endpoint({
    method: 'GET',
    path: '/v4/curation/pages/slug-check/',
    query: SlugCheckQuery,
    response: SlugCheck,
    doc: 'Whether a URL slug is free on the active brand (the page being edited aside), for the form as the slug is typed.',
  }),
};

// Page modules and their items -------------------------------------------------------

const itemParams = z.object({ id: IdParam, item_id: IdParam });

/** One item of a module, in position order; `item` is the catalogue object it shows (null for the others). */
export const ModuleItem = z.object({
  id: z.number().int(),
  position: z.number().int(),
  item_type: z.object({ id: z.number().int(), name: z.string() }),
  item: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  image_url: z.string().nullable(),
  url: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
});
export type ModuleItem = z.infer<typeof ModuleItem>;

/**
 * POST …/page-modules/{id}/items/: a catalogue item (item_type_id of a track, release,
 * chart, playlist, artist or label, and its item_id) or another kind (image_url required; a YouTube video
 * also url). At most LIMITS.pageModuleItems (250) per module: "ITEM LIMIT EXCEEDED".
 */
export const AddModuleItem = MODULE_ITEMS.body;
export type AddModuleItem = z.infer<typeof AddModuleItem>;

/** Spec §3 track-position item: the module item `id` and its place `{id: the module, position: 1..N}`. */
export const TrackPositionOrderItem = z.strictObject({
  id: idValue,
  track_position: z.strictObject({ id: idValue, position: z.number().int().min(1).max(LIMITS.pageModuleItems) }),
});
/** PUT …/page-modules/{id}/items/order/: every item of the module once, positions 1..N, in one request. */
export const ModuleItemOrder = z
  .array(TrackPositionOrderItem, { error: CURATION_MSG.order })
  .min(1, CURATION_MSG.order)
  .max(LIMITS.pageModuleItems, MSG.itemLimitExceeded);

export const pageModuleEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/v4/curation/page-modules/',
    body: RECORDS.page_modules.createSchema,
    response: ObjectRow,
    doc: 'Creates a module on a page the caller sees (Control users, §6); 201 with the module and its ETag.',
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v4/curation/page-modules/:id/',
    params,
    response: z.null(),
    doc: 'Deletes a module with its items (204); a history row "delete".',
  }),
  items: endpoint({
    method: 'GET',
    path: '/v4/curation/page-modules/:id/items/',
    params,
    response: listEnvelope(ModuleItem),
    doc: 'Every item of a module in position order.',
  }),
  addItem: endpoint({
    method: 'POST',
    path: '/v4/curation/page-modules/:id/items/',
    params,
    body: AddModuleItem,
    response: ModuleItem,
    doc: 'Adds an item at the end of a module (at most 250: "ITEM LIMIT EXCEEDED"); 201.',
  }),
  deleteItem: endpoint({
    method: 'DELETE',
    path: '/v4/curation/page-modules/:id/items/:item_id/',
    params: itemParams,
    response: z.null(),
    doc: 'Removes one item; the others are renumbered 1..N (204).',
  }),
  order: endpoint({
    method: 'PUT',
    path: '/v4/curation/page-modules/:id/items/order/',
    params,
    body: ModuleItemOrder,
    response: listEnvelope(ModuleItem),
    doc: "The module's new item order as track-position items, saved in one request; answers the items in order.",
  }),
};

// Page module images (spec §5, §9): uploaded, then cropped to the module's §9 crop --------

/** A module image's file name: an upload as it came (`upload-<uuid>-png` or `-jpg`) or a crop made from one (`crop-<uuid>-jpg`): no dot, so it is a plain v4 path segment. */
export const MODULE_IMAGE_NAME = /^(upload|crop)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-(jpg|png)$/;
export const MODULE_IMAGE_MSG = {
  noSuchImage: 'No such image of this module.',
  outside: 'The crop must lie inside the image.',
} as const;
const imageParams = z.object({ id: IdParam, name: z.string().regex(MODULE_IMAGE_NAME, MODULE_IMAGE_MSG.noSuchImage) });
const CropKey = z.enum(Object.keys(IMAGE_CROPS) as [keyof typeof IMAGE_CROPS, ...(keyof typeof IMAGE_CROPS)[]]);

/** The answer to an upload: the stored original and the §9 crop (moduleImageCrop) its items are cut to. */
export const ModuleImageUpload = z.object({
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  crop: z.object({ key: CropKey, width: z.number().int(), height: z.number().int() }),
});
export type ModuleImageUpload = z.infer<typeof ModuleImageUpload>;

const side = (label: string, min: number) =>
  z
    .number({ error: `Enter ${label} in whole pixels.` })
    .int(`Enter ${label} in whole pixels.`)
    .min(min, `Enter ${label} in whole pixels.`)
    .max(COVER_ART_MAX_SIDE, MODULE_IMAGE_MSG.outside);
/** The part of the uploaded image to keep, in its pixels (EXIF orientation applied); it is then resized to the crop's size. */
export const CropRect = z.strictObject({ x: side('x', 0), y: side('y', 0), width: side('a width', 1), height: side('a height', 1) });
export type CropRect = z.infer<typeof CropRect>;

/** A crop as stored: its name, the URL an item shows it by, and its size (the §9 crop's). */
export const ModuleImage = z.object({ name: z.string(), image_url: z.string(), width: z.number().int(), height: z.number().int() });
export type ModuleImage = z.infer<typeof ModuleImage>;

export const moduleImageEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/v4/curation/page-modules/:id/images/',
    params,
    body: Bytes,
    response: ModuleImageUpload,
    doc: "Stores an image for the module's items (JPEG or PNG body, at most COVER_ART_MAX_BYTES and COVER_ART_MAX_SIDE a side); 201 with its name, size and the §9 crop of the module's slot.",
  }),
  crop: endpoint({
    method: 'POST',
    path: '/v4/curation/page-modules/:id/images/:name/crop/',
    params: imageParams,
    body: CropRect,
    response: ModuleImage,
    doc: "Cuts the rectangle out of an uploaded image and resizes it to the module's §9 crop (JPEG); 201 with the crop's image_url for an item. A rectangle outside the image is a 400 naming its field.",
  }),
  image: endpoint({
    method: 'GET',
    path: '/v4/curation/page-modules/:id/images/:name/',
    params: imageParams,
    response: Bytes,
    doc: "The bytes of one of the module's images (an upload or a crop), streamed.",
  }),
};

// Live stream stages (spec §3, §5, §9) -------------------------------------------------

/** A stage (shared/records STAGE_ITEMS): its name and number 1 to 5. */
export const Stage = STAGE_ITEMS.body;
/** PUT …/live-streams/{id}/stages/: the stream's stages, replaced whole; at most 5 ("Live streams only support 5 stages"). */
export const StagesBody = z.strictObject({
  stages: z
    .array(Stage)
    .max(LIMITS.liveStreamStages, MSG.liveStages)
    .refine((s) => new Set(s.map((x) => x.number)).size === s.length, CURATION_MSG.stageNumbers),
});
export const StageRow = z.object({ id: z.number().int(), name: z.string(), number: z.number().int() });

export const liveStreamEndpoints = {
  stages: endpoint({
    method: 'GET',
    path: '/v4/catalog/live-streams/:id/stages/',
    params,
    response: listEnvelope(StageRow),
    doc: "A live stream's stages by number.",
  }),
  putStages: endpoint({
    method: 'PUT',
    path: '/v4/catalog/live-streams/:id/stages/',
    params,
    body: StagesBody,
    response: listEnvelope(StageRow),
    doc: "Replaces a live stream's stages (at most 5; an enabled stream keeps at least one).",
  }),
};

// Live streams, their vendors and link partners: create and delete (spec §7 "Live streams: CRUD", "Host vendors and
// tracklist vendors: CRUD"); GET, PATCH and PUT are the generic record routes. One declaration for the four types.

/** Texts of refused deletes (the spec quotes none). */
export const LIVE_MSG = {
  vendorInUse: (noun: string, n: number) => `This ${noun} is named by ${formatCount(n, 'live stream')}: choose another vendor there first.`,
} as const;

/** The types created and deleted by these routes, with the path under /v4/catalog/. */
export const SIMPLE_RECORD_PATHS = {
  live_streams: 'live-streams',
  host_vendors: 'host-vendors',
  tracklist_vendors: 'tracklist-vendors',
  link_partners: 'link-partners',
} as const;
export type SimpleRecordType = keyof typeof SIMPLE_RECORD_PATHS;

function createAndDelete<const T extends SimpleRecordType>(type: T) {
  const base = `/v4/catalog/${SIMPLE_RECORD_PATHS[type]}/` as const;
  const noun = RECORDS[type].noun;
  return {
    create: endpoint({
      method: 'POST',
      path: base,
      body: RECORDS[type].createSchema,
      response: ObjectRow,
      doc: `Creates a ${noun}${type === 'live_streams' ? ' on the active brand' : ''}; 201 with it and its ETag.`,
    }),
    delete: endpoint({
      method: 'DELETE',
      path: `${base}:id/`,
      params,
      response: z.null(),
      doc:
        type === 'live_streams'
          ? 'Deletes a live stream with its stages (204); a history row "delete".'
          : `Deletes a ${noun} (204; a history row "delete")${type === 'link_partners' ? '' : ', refused (400) while a live stream names it'}.`,
    }),
  };
}

export const simpleRecordEndpoints = {
  live_streams: createAndDelete('live_streams'),
  host_vendors: createAndDelete('host_vendors'),
  tracklist_vendors: createAndDelete('tracklist_vendors'),
  link_partners: createAndDelete('link_partners'),
};
