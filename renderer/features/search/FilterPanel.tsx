/**
 * The filters a user may use for a type (spec §3, §6), applied together. Render it
 * with key={the applied filters} so a new URL (saved view, link, back) resets the draft.
 */
import { useState } from 'react';
import { Button, Form, Space } from 'antd';
import { filterLabel, setFilter, type FilterValues } from '../../../shared/search';
import { FilterField } from './FilterField';

interface Props {
  filters: readonly string[];
  brand: string;
  applied: FilterValues;
  onApply: (values: FilterValues) => void;
}

/** Filters shown before "More filters": the first few, plus any that holds a value. */
const FIRST = 8;

export function FilterPanel({ filters, brand, applied, onApply }: Props) {
  const [draft, setDraft] = useState<FilterValues>(applied);
  const [more, setMore] = useState(false);
  const shown = more ? filters : filters.filter((f, i) => i < FIRST || Boolean(applied[f]));
  const hidden = filters.length - shown.length;
  const change = (name: string, value: string | null) => setDraft((d) => setFilter(d, name, value));
  return (
    <Form
      layout="vertical"
      className="search-filters"
      data-testid="search-filters"
      onFinish={() => onApply(draft)}
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', columnGap: 16 }}
    >
      {shown.map((name) => (
        <Form.Item key={name} label={filterLabel(name)} style={{ marginBottom: 12 }}>
          <FilterField name={name} brand={brand} values={draft} onChange={change} />
        </Form.Item>
      ))}
      <Form.Item label=" " style={{ marginBottom: 12 }}>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="search-submit">
            Search
          </Button>
          <Button
            onClick={() => {
              setDraft({});
              onApply({});
            }}
          >
            Reset
          </Button>
          {(hidden > 0 || more) && (
            <Button type="link" onClick={() => setMore(!more)} data-testid="more-filters">
              {more ? 'Fewer filters' : `More filters (${hidden})`}
            </Button>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
}
