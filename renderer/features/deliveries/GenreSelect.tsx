/** A genre picked by name (the auxiliary genres list), for re-ingest's override genre and a genre mapping. */
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { genresEndpoint } from '../../../shared/api/endpoints';
import { endpointQuery } from '../../lib/api';

export function GenreSelect({
  id,
  value,
  onChange,
  label,
  placeholder,
  allowClear = false,
}: {
  id?: string;
  value: number | null;
  onChange: (v: number | null) => void;
  label: string;
  placeholder: string;
  allowClear?: boolean;
}) {
  const genres = useQuery({ ...endpointQuery(genresEndpoint, {}), staleTime: 5 * 60_000 });
  return (
    <Select<number>
      id={id}
      allowClear={allowClear}
      showSearch
      optionFilterProp="label"
      className="delivery-genre"
      placeholder={placeholder}
      aria-label={label}
      value={value ?? undefined}
      onChange={(v) => onChange(v ?? null)}
      loading={genres.isPending}
      options={(genres.data?.results ?? []).map((g) => ({ value: g.id, label: g.name }))}
    />
  );
}
