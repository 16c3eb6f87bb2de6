/**
 * The active filters as removable chips above the results (issue 12: filters are never
 * silently sticky), a "Clear filters" link, and the chip of a reference filter names
 * its item (genre, release type…) from the reference list the field loads.
 */
import { Button, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { activeFilters, chipText, filterKind, type FilterValues } from '../../../shared/search';
import { referenceOptions } from '../../lib/search-queries';

interface Props {
  values: FilterValues;
  /** The panel's filter order. */
  order: readonly string[];
  brand: string;
  /** Filters whose value is wrong: their chip is marked. */
  errors: Readonly<Record<string, string>>;
  onRemove: (name: string) => void;
  onClear: () => void;
}

export function FilterChips({ values, order, brand, errors, onRemove, onClear }: Props) {
  const active = activeFilters(values, order);
  if (!active.length) return null;
  return (
    <div className="search-chips" data-testid="filter-chips" aria-label="Active filters" role="group">
      {active.map((name) => (
        <Chip key={name} name={name} value={values[name]} brand={brand} error={Boolean(errors[name])} onRemove={() => onRemove(name)} />
      ))}
      <Button type="link" size="small" onClick={onClear} data-testid="clear-filters">
        Clear filters
      </Button>
    </div>
  );
}

function Chip({
  name,
  value,
  brand,
  error,
  onRemove,
}: {
  name: string;
  value: string;
  brand: string;
  error: boolean;
  onRemove: () => void;
}) {
  const kind = filterKind(name, brand);
  const list = kind.kind === 'reference' ? kind.list : '';
  const ref = useQuery({ ...referenceOptions(list), enabled: Boolean(list) });
  const refName = (id: string) => {
    const items = ref.data ?? [];
    for (const i of items) {
      if (String(i.id) === id) return i.name;
      const sub = i.sub_genres?.find((s) => String(s.id) === id);
      if (sub) return sub.name;
    }
    return undefined;
  };
  const text = chipText(name, value, brand, refName);
  return (
    <Tag
      closable
      color={error ? 'error' : undefined}
      onClose={(e) => {
        e.preventDefault();
        onRemove();
      }}
      closeIcon={
        <button type="button" className="search-chip__remove" aria-label={`Remove ${text}`} data-testid={`chip-remove-${name}`}>
          ×
        </button>
      }
      data-testid={`chip-${name}`}
      className="search-chip"
    >
      {text}
    </Tag>
  );
}
