/** Records of the curation area (spec §3): pages and page modules. */
import { MAX_LEN, type ImageCrop } from '../constants';
import { pageModules, pages } from '../search/types/curation';
import { startBeforeEnd } from './checks';
import { DATE_RANGE, ENABLED } from './common';
import { defineRecord, field, valueOptions } from './define';
import { SLUG_MSG, SLUG_PATTERN } from './catalog';
import { NAME_MAX, bool, id, longText, oneOf, optionalText, requiredText, text } from './values';

/** Page slots (§9). */
export const PAGE_SLOTS = ['header', 'left', 'right'] as const;
/** How screens name the page slots. */
export const PAGE_SLOT_LABELS: Readonly<Record<(typeof PAGE_SLOTS)[number], string>> = {
  header: 'Header',
  left: 'Left column',
  right: 'Right column',
};

export const pageRecord = defineRecord({
  type: pages,
  title: 'name',
  noun: 'page',
  fields: {
    name: field('Name', 'text', requiredText(MAX_LEN.pageName)),
    slug: field('URL Slug', 'text', text(NAME_MAX).regex(SLUG_PATTERN, SLUG_MSG)),
    page_type_id: field('Page Type', 'select', id, { list: 'page-types', shownAs: 'page_type' }),
    show_primary_nav: field('Show Primary Navigation', 'boolean', bool(), { default: true }),
    ...DATE_RANGE,
    description: field('Description', 'textarea', longText()),
    enabled: ENABLED,
  },
  create: { required: ['name', 'slug', 'page_type_id'] },
  subResources: [{ key: 'slots', label: 'Slots' }],
  checks: [startBeforeEnd()],
});

export const pageModuleRecord = defineRecord({
  type: pageModules,
  title: 'name',
  noun: 'module',
  fields: {
    page_id: field('Page', 'reference', id, { ref: 'pages', createOnly: true, shownAs: 'page' }),
    name: field('Name', 'text', requiredText(MAX_LEN.pageModuleName)),
    module_type_id: field('Module Type', 'select', id, { list: 'page-module-types', shownAs: 'module_type' }),
    slot: field('Page Slot', 'select', oneOf(PAGE_SLOTS), { options: valueOptions(PAGE_SLOTS, PAGE_SLOT_LABELS) }),
    enabled: ENABLED,
    ...DATE_RANGE,
    external_url: field('External URL', 'text', longText()),
    available_worldwide: field('Available Worldwide', 'boolean', bool(), { default: true }),
    paginated: field('Paginated', 'boolean', bool()),
    sponsored_item: field('Sponsored Item', 'text', optionalText(NAME_MAX)),
    guest_pick: field('Guest Pick', 'text', optionalText(NAME_MAX)),
  },
  shown: { item_count: { label: 'Items', kind: 'text' } },
  create: { required: ['page_id', 'name', 'module_type_id', 'slot'] },
  subResources: [{ key: 'items', label: 'Items', api: 'items' }],
  checks: [startBeforeEnd()],
});

/**
 * Page-module items (spec §3, §5): catalogue items (by item type name, the search type
 * an item of that type is chosen from; an Artist or Label item names its artist or label
 * by item_id like the others) and the others, which need an image; a YouTube
 * video also needs a URL.
 */
export const CATALOGUE_ITEM_TYPES: Readonly<Record<string, string>> = {
  Track: 'tracks',
  Release: 'releases',
  Chart: 'charts',
  Playlist: 'playlists',
  Artist: 'artists',
  Label: 'labels',
};
export const YOUTUBE_ITEM_TYPE = 'YouTube Video';
export const isCatalogueItemType = (typeName: string): boolean => Object.hasOwn(CATALOGUE_ITEM_TYPES, typeName);

/**
 * The §9 crop a page module's image items are cut to (the spec names the crops, not which
 * slot takes which: this table is the console's rule, one place). A slideshow module in the
 * header takes the large slideshow; otherwise the page type and slot decide; a banner in a
 * side slot is the unrestricted-height strip; anything else the default square.
 */
const PAGE_SLOT_CROPS: Readonly<Record<string, Readonly<Record<PageSlot, ImageCrop>>>> = {
  'Home Page': { header: 'homeLarge', left: 'homeSmall', right: 'iabRectangle' },
  'Landing Page': { header: 'landingHeader', left: 'landingLeft', right: 'iabRectangle' },
  'Genre Page': { header: 'chartsGenreLarge', left: 'crossMerchandising', right: 'iabRectangle' },
};
export type PageSlot = (typeof PAGE_SLOTS)[number];
export function moduleImageCrop(m: { pageType: string | null; moduleType: string | null; slot: string | null }): ImageCrop {
  const slot = (PAGE_SLOTS as readonly string[]).includes(m.slot ?? '') ? (m.slot as PageSlot) : null;
  if (m.moduleType === 'Slideshow' && slot === 'header') return 'largeSlideshow';
  if (m.moduleType === 'Banner' && (slot === 'left' || slot === 'right')) return 'unrestrictedHeight';
  return (slot && PAGE_SLOT_CROPS[m.pageType ?? '']?.[slot]) || 'default';
}
