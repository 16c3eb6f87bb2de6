/** Brand-dependent options (spec §6). */
import { BRAND_DANCE, BRAND_DJ, type Brand } from './scopes';

export const STORE_OPTIONS: Readonly<Record<Brand, readonly string[]>> = {
  [BRAND_DANCE]: ['music', 'soundpack', 'stem', 'cloud', 'streaming'],
  [BRAND_DJ]: ['music', 'streaming'],
};

/** All page types of the reference list (auxiliary/page-types). */
export const ALL_PAGE_TYPES: readonly string[] = ['Landing Page', 'Home Page', 'Genre Page', 'Label Page', 'Artist Page'];

/** On the dance-music brand only Landing Page is offered; the DJ brand gets them all. */
export const PAGE_TYPES: Readonly<Record<Brand, readonly string[]>> = {
  [BRAND_DANCE]: ['Landing Page'],
  [BRAND_DJ]: ALL_PAGE_TYPES,
};

export function storeOptions(brand: string): readonly string[] {
  return STORE_OPTIONS[brand as Brand] ?? [];
}

export function pageTypes(brand: string): readonly string[] {
  return PAGE_TYPES[brand as Brand] ?? [];
}
