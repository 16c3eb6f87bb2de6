/**
 * A page module's items (spec §3, §4, §5): a catalogue item (a track, release, chart, playlist,
 * artist or label, `item_id`, of the search type shared/records CATALOGUE_ITEM_TYPES names for
 * the item type) or another kind with its image (a YouTube video with its URL too), shown
 * between optional dates. POST …/page-modules/{id}/items/ takes this declaration's body
 * (shared/api/endpoints/curation.ts AddModuleItem); the Items tab
 * (renderer/features/curation/ModuleItemsTab.tsx) draws its inputs from these fields.
 */
import { z } from 'zod';
import { MSG } from '../messages';
import { startBeforeEnd } from './checks';
import { DATE_RANGE } from './common';
import { defineItems, field } from './define';
import { LONG_TEXT_MAX, id } from './values';

const url = z.string().trim().max(LONG_TEXT_MAX).url('Enter a valid URL.');
/** A crop of a module's image as an item names it: the API's path of the file (moduleImageEndpoints.image). */
const MODULE_IMAGE_URL = /^\/v4\/curation\/page-modules\/[1-9][0-9]{0,9}\/images\/crop-[0-9a-f-]{36}-jpg\/$/;

export const MODULE_ITEMS = defineItems({
  noun: 'item',
  fields: {
    item_type_id: field('Item Type', 'select', id, { list: 'item-types' }),
    /**
     * The catalogue record shown: its search type is the item type's (CATALOGUE_ITEM_TYPES), so
     * it is no declared reference; the server checks the caller sees it. The tab picks it itself.
     */
    item_id: field('Item', 'reference', id.nullable(), { dependsOn: 'item_type_id' }),
    image_url: field('Image URL', 'text', z.union([url, z.string().regex(MODULE_IMAGE_URL)], { error: 'Enter a valid URL.' }).nullable()),
    url: field('URL', 'text', url.nullable()),
    ...DATE_RANGE,
  },
  required: ['item_type_id'],
  rules: [{ field: 'start_date', message: MSG.startBeforeEnd, holds: (b) => startBeforeEnd()({}, b) === null }],
});
