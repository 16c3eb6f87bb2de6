/** Reference lists the wizard's selects use (GET /v4/auxiliary/<name>/, labels list). */
import { queryOptions } from '@tanstack/react-query';
import type { Ref } from '../../../shared/packaging/draft';
import { apiGet } from '../../lib/api';

interface Envelope<T> {
  results: T[];
}
export interface GenreOption extends Ref {
  sub_genres: Ref[];
}
export interface ExclusivePeriodOption {
  id: number | null;
  name: string;
}

export const packagingKeys = {
  all: ['packaging'] as const,
  auxiliary: (name: string) => [...packagingKeys.all, 'auxiliary', name] as const,
  /** Staff choose the supplier a package is sent for (suppliers and labels send their own). */
  suppliers: () =>
    queryOptions({
      queryKey: [...packagingKeys.all, 'suppliers'] as const,
      queryFn: async () => (await apiGet<Envelope<Ref>>('/v4/catalog/suppliers/', { per_page: 200, order_by: 'name' })).results.map((l) => ({ id: l.id, name: l.name })),
      staleTime: 60_000,
    }),
  labels: () => [...packagingKeys.all, 'labels'] as const,
  sender: (supplierId?: number) => [...packagingKeys.all, 'sender', supplierId ?? 'own'] as const,
};

const auxiliary = <T>(name: string) =>
  queryOptions({
    queryKey: packagingKeys.auxiliary(name),
    queryFn: async () => (await apiGet<Envelope<T>>(`/v4/auxiliary/${name}/`)).results,
    staleTime: 5 * 60_000,
  });

export const packagingQueries = {
  genres: () => auxiliary<GenreOption>('genres'),
  releaseTypes: () => auxiliary<Ref>('release-types'),
  keys: () => auxiliary<Ref>('keys'),
  songwriterTypes: () => auxiliary<Ref>('songwriter-types'),
  exclusivePeriods: () => auxiliary<ExclusivePeriodOption>('exclusive-period'),
  /** Staff choose the supplier a package is sent for (suppliers and labels send their own). */
  suppliers: () =>
    queryOptions({
      queryKey: [...packagingKeys.all, 'suppliers'] as const,
      queryFn: async () => (await apiGet<Envelope<Ref>>('/v4/catalog/suppliers/', { per_page: 200, order_by: 'name' })).results.map((l) => ({ id: l.id, name: l.name })),
      staleTime: 60_000,
    }),
  labels: () =>
    queryOptions({
      queryKey: packagingKeys.labels(),
      queryFn: async () => (await apiGet<Envelope<Ref>>('/v4/catalog/labels/', { per_page: 200, order_by: 'name' })).results.map((l) => ({ id: l.id, name: l.name })),
      staleTime: 60_000,
    }),
};
