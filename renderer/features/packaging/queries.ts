/** Reference lists the wizard's selects use (GET /v4/auxiliary/<name>/, suppliers and labels lists), parsed by their declarations. */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { NamedRow, auxiliaryEndpoint, genresEndpoint, listEndpoints, type GenreItem } from '../../../shared/api/endpoints';
import { parseAs } from '../../../shared/api/endpoint';
import type { Ref } from '../../../shared/packaging/draft';
import { fetchData } from '../../lib/api';

export type GenreOption = GenreItem;
export interface ExclusivePeriodOption {
  id: number | null;
  name: string;
}

/** Suppliers or labels as select options, by name (one page of the most a list gives). */
const namedList = (type: 'suppliers' | 'labels') =>
  queryOptions({
    queryKey: [...packagingKeys.all, type] as const,
    queryFn: async (): Promise<Ref[]> => {
      const e = listEndpoints(type).list;
      const { results } = await fetchData(e, { query: { per_page: 200, order_by: 'name' } });
      return parseAs(z.array(NamedRow), `GET ${e.path}`, results).map((l) => ({ id: l.id, name: l.name }));
    },
    staleTime: 60_000,
  });

export const packagingKeys = {
  all: ['packaging'] as const,
  auxiliary: (name: string) => [...packagingKeys.all, 'auxiliary', name] as const,
  /** Staff choose the supplier a package is sent for (suppliers and labels send their own). */
  suppliers: () => namedList('suppliers'),
  labels: () => [...packagingKeys.all, 'labels'] as const,
  sender: (supplierId?: number) => [...packagingKeys.all, 'sender', supplierId ?? 'own'] as const,
};

/** A reference list whose items all have an id (the wizard's selects). */
const refs = (name: string) =>
  queryOptions({
    queryKey: packagingKeys.auxiliary(name),
    queryFn: async (): Promise<Ref[]> =>
      (await fetchData(auxiliaryEndpoint(name), {})).results.flatMap((r) => (r.id === null ? [] : [{ id: r.id, name: r.name }])),
    staleTime: 5 * 60_000,
  });

export const packagingQueries = {
  genres: () =>
    queryOptions({
      queryKey: packagingKeys.auxiliary('genres'),
      queryFn: async (): Promise<GenreOption[]> => (await fetchData(genresEndpoint, {})).results,
      staleTime: 5 * 60_000,
    }),
  releaseTypes: () => refs('release-types'),
  keys: () => refs('keys'),
  songwriterTypes: () => refs('songwriter-types'),
  exclusivePeriods: () =>
    queryOptions({
      queryKey: packagingKeys.auxiliary('exclusive-period'),
      queryFn: async (): Promise<ExclusivePeriodOption[]> => (await fetchData(auxiliaryEndpoint('exclusive-period'), {})).results.map((r) => ({ id: r.id, name: r.name })),
      staleTime: 5 * 60_000,
    }),
  /** Staff choose the supplier a package is sent for (suppliers and labels send their own). */
  suppliers: () => namedList('suppliers'),
  labels: () => namedList('labels'),
};
