/** One filter input, by the filter's kind (shared/search filterKind). */
import { DatePicker, Input, InputNumber, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { parseDateRange } from '../../../shared/api';
import { filterKind, filterLabel, type FilterValues } from '../../../shared/search';
import { rangeFilterValue } from './date-range';
import { referenceOptions } from '../../lib/search-queries';

const SHOW = 'MM/DD/YYYY';

interface Props {
  name: string;
  brand: string;
  values: FilterValues;
  onChange: (name: string, value: string | null) => void;
}

export function FilterField({ name, brand, values, onChange }: Props) {
  const kind = filterKind(name, brand);
  const value = values[name] ?? '';
  const label = filterLabel(name);
  const testId = `filter-${name}`;
  switch (kind.kind) {
    case 'dateRange': {
      const r = value ? parseDateRange(value) : null;
      const v: [Dayjs | null, Dayjs | null] | null = r ? [r.from ? dayjs(r.from) : null, r.to ? dayjs(r.to) : null] : null;
      return (
        <DatePicker.RangePicker
          aria-label={label}
          data-testid={testId}
          format={SHOW}
          allowEmpty={[true, true]}
          value={v}
          onChange={(d) => onChange(name, rangeFilterValue(d))}
        />
      );
    }
    case 'bool':
      return (
        <Select
          aria-label={label}
          data-testid={testId}
          allowClear
          placeholder="Any"
          value={value || undefined}
          onChange={(v?: string) => onChange(name, v ?? null)}
          options={[
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]}
        />
      );
    case 'select':
      return (
        <Select
          aria-label={label}
          data-testid={testId}
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="Any"
          value={value || undefined}
          onChange={(v?: string) => onChange(name, v ?? null)}
          options={kind.options.map((o) => ({ value: o.value, label: o.label }))}
        />
      );
    case 'reference':
      return <ReferenceField name={name} list={kind.list} label={label} values={values} onChange={onChange} />;
    case 'ids':
      return (
        <Input.TextArea
          aria-label={label}
          data-testid={testId}
          autoSize={{ minRows: 1, maxRows: 4 }}
          placeholder="One or more, e.g. 12 345"
          value={value}
          onChange={(e) => onChange(name, e.target.value)}
        />
      );
    default:
      return <Input aria-label={label} data-testid={testId} allowClear value={value} onChange={(e) => onChange(name, e.target.value)} />;
  }
}

function ReferenceField({
  name,
  list,
  label,
  values,
  onChange,
}: { name: string; list: string; label: string } & Omit<Props, 'brand' | 'name'>) {
  const q = useQuery(referenceOptions(list));
  const value = values[name] ?? '';
  if (q.isError) {
    return (
      <InputNumber
        aria-label={label}
        data-testid={`filter-${name}`}
        style={{ width: '100%' }}
        value={value ? Number(value) : null}
        onChange={(v) => onChange(name, v === null ? null : String(v))}
      />
    );
  }
  let items = q.data ?? [];
  if (name === 'sub_genre_id') items = items.find((g) => String(g.id) === values.genre_id)?.sub_genres ?? [];
  return (
    <Select
      aria-label={label}
      data-testid={`filter-${name}`}
      allowClear
      showSearch
      optionFilterProp="label"
      loading={q.isLoading}
      disabled={name === 'sub_genre_id' && !values.genre_id}
      placeholder="Any"
      value={value || undefined}
      onChange={(v?: string) => onChange(name, v ?? null)}
      options={items.map((i) => ({ value: String(i.id), label: i.name }))}
    />
  );
}
