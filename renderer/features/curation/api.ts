/** The calls of a page module's Items tab and a live stream's stages (shared/api/endpoints/curation.ts). */
import { liveStreamEndpoints, pageModuleEndpoints, type AddModuleItem } from '../../../shared/api/endpoints';
import type { TrackPosition } from '../../../shared/records';
import { call, fetchData } from '../../lib/api';

export const moduleItemsKey = (id: number) => ['records', 'page_modules', id, 'items'] as const;

export const moduleItemsQuery = (id: number) => ({
  queryKey: moduleItemsKey(id),
  queryFn: () => fetchData(pageModuleEndpoints.items, { params: { id } }),
});

export const liveStagesKey = (id: number) => ['records', 'live_streams', id, 'stages'] as const;

/** A live stream's stages (its Stages tab, and its page's next step while it has none). */
export const liveStagesQuery = (id: number) => ({
  queryKey: liveStagesKey(id),
  queryFn: () => fetchData(liveStreamEndpoints.stages, { params: { id } }),
});

export function addModuleItem(id: number, body: AddModuleItem) {
  return fetchData(pageModuleEndpoints.addItem, { params: { id }, body });
}

export async function removeModuleItem(id: number, itemId: number): Promise<void> {
  await call(pageModuleEndpoints.deleteItem, { params: { id, item_id: itemId } });
}

/** The module's new item order as spec §3 track-position items, in one request. */
export function saveModuleItemOrder(id: number, positions: readonly TrackPosition[]) {
  return fetchData(pageModuleEndpoints.order, {
    params: { id },
    body: positions.map((p) => ({ id: p.id, track_position: { id, position: p.position } })),
  });
}
