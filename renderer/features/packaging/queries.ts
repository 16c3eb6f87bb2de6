/** Reference lists the wizard's selects use (GET /v4/auxiliary/<name>/, suppliers and labels lists), parsed by their declarations. */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { NamedRow, auxiliaryEndpoint, genresEndpoint, listEndpoints, meEndpoints, type GenreItem } from '../../../shared/api/endpoints';
import { parseAs } from '../../../shared/api/endpoint';
import type { Principal } from '../../../shared/access';
import type { Ref } from '../../../shared/packaging/draft';
import { fetchData } from '../../lib/api';

export type GenreOption = GenreItem;

/** Supplier and label users package for their own supplier and labels; staff name them. */
export const packagesOwn = (p: Principal): boolean => p.scopes.includes('user:supplier') || p.scopes.includes('user:label');
export interface ExclusivePeriodOption {
  id: number | null;
  name: string;
}

/** Suppliers or labels as select options, by name (one page of the most a list gives). */
async function namedRows(type: 'suppliers' | 'labels'): Promise<Ref[]> {
  const e = listEndpoints(type).list;
  const { results } = await fetchData(e, { query: { per_page: 200, order_by: 'name' } });
  return parseAs(z.array(NamedRow), `GET ${e.path}`, results).map((l) => ({ id: l.id, name: l.name }));
}

export const packagingKeys = {
  all: ['packaging'] as const,
  auxiliary: (name: string) => [...packagingKeys.all, 'auxiliary', name] as const,
  /** The SFTP key a package is delivered with: the supplier's (staff) or the user's own (null). */
  deliveryKey: (supplierId: number | null) => [...packagingKeys.all, 'deliveryKey', supplierId] as const,
  /** Staff choose the supplier a package is sent for (suppliers and labels send their own). */
  suppliers: () => [...packagingKeys.all, 'suppliers'] as const,
  labels: (own: boolean) => [...packagingKeys.all, 'labels', own ? 'own' : 'all'] as const,
  sender: (supplierId?: number) => [...packagingKeys.all, 'sender', supplierId ?? 'own'] as const,
  /** The packages main remembers this user built (packagingBuilt). */
  built: () => [...packagingKeys.all, 'built'] as const,
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
      queryFn: async (): Promise<ExclusivePeriodOption[]> =>
        (await fetchData(auxiliaryEndpoint('exclusive-period'), {})).results.map((r) => ({ id: r.id, name: r.name })),
      staleTime: 5 * 60_000,
    }),
  /** Staff choose the supplier a package is sent for (suppliers and labels send their own). */
  suppliers: () => queryOptions({ queryKey: packagingKeys.suppliers(), queryFn: () => namedRows('suppliers'), staleTime: 60_000 }),
  /**
   * The Label list: staff pick from the labels list; a supplier or label user from its own
   * labels (GET /v4/my/labels/), as label users may not read the labels list (§6).
   */
  labels: (own: boolean) =>
    queryOptions({
      queryKey: packagingKeys.labels(own),
      queryFn: async (): Promise<Ref[]> => (own ? (await fetchData(meEndpoints.myLabels, {})).results : namedRows('labels')),
      staleTime: 60_000,
    }),
};
