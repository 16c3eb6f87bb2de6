/** One record field's input, by its declared kind (shared/records FieldKind). */
import { DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { CURRENCIES } from '../../../shared/constants';
import type { FieldDecl } from '../../../shared/records';
import { displayDate } from '../../../shared/search/format';
import { instantMs, zonedDisplay } from '../../../shared/api/zoned-time';
import { ZonedDateTimeInput } from './ZonedDateTimeInput';
import { referenceOptions } from '../../lib/search-queries';
import type { RefValue } from './form-model';
import { recordQueries } from './api';
import { ReferenceList, ReferenceSelect } from './ReferenceInput';
import { formatNumber } from '../../../shared/format';

/** Dates are shown MM/DD/YYYY and travel as YYYY-MM-DD (spec §5). */
export const DATE_SHOWN = 'MM/DD/YYYY';
const DATE_WIRE = 'YYYY-MM-DD';

export interface FieldInputProps {
  id: string;
  field: FieldDecl;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The other values of the form (a sub-genre's options depend on the genre). */
  values: Readonly<Record<string, unknown>>;
  invalid?: boolean;
  /** A tab's own layout of the input (a select's width in an inline add form). */
  className?: string;
  /** Text and textarea: shown while empty (a DJ edit's title: the parent's). */
  placeholder?: string;
  /** Text: Enter adds the item of an inline add form. */
  onPressEnter?: () => void;
  /** The input's accessible name where no label names it (a row of a list: "Publisher 2"). */
  ariaLabel?: string;
  /** The input's `data-testid` (a tab's own inputs the tests pick by it). */
  testId?: string;
  /** Shown but not editable (a reader's view of a row's switch). */
  disabled?: boolean;
}

/** Option keys of a fixed select: the wire value as JSON (null is Lifetime, not "nothing chosen"). */
const optionKey = (v: unknown) => JSON.stringify(v);

export function FieldInput(props: FieldInputProps) {
  const { id, field, value, onChange, invalid, className, placeholder, onPressEnter, ariaLabel, testId, disabled } = props;
  const status = invalid ? 'error' : undefined;
  /** What every kind puts on its input: the label on the focusable element; antd puts a select's test id on its root. */
  const pass = { 'aria-label': ariaLabel, 'data-testid': testId, disabled };
  const nullable = field.schema.safeParse(null).success;
  switch (field.kind) {
    case 'textarea':
      return (
        <Input.TextArea
          id={id}
          {...pass}
          className={className}
          placeholder={placeholder}
          status={status}
          autoSize={{ minRows: 2, maxRows: 8 }}
          value={(value as string | null) ?? ''}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'number':
    case 'money':
      return (
        <InputNumber
          id={id}
          {...pass}
          className={className}
          status={status}
          style={{ width: '100%' }}
          step={field.kind === 'money' ? 0.01 : 1}
          value={(value as number | null) ?? null}
          onChange={(v) => onChange(v ?? null)}
        />
      );
    case 'date':
      return (
        <DatePicker
          id={id}
          {...pass}
          status={status}
          style={{ width: '100%' }}
          format={DATE_SHOWN}
          placeholder={DATE_SHOWN}
          allowClear={nullable}
          value={typeof value === 'string' && value ? dayjs(value, DATE_WIRE) : null}
          onChange={(d) => onChange(d ? d.format(DATE_WIRE) : null)}
        />
      );
    case 'datetime':
      return (
        <ZonedDateTimeInput
          id={id}
          {...pass}
          zone={field.zone ?? 'UTC'}
          invalid={invalid}
          value={(value as string | null) ?? ''}
          onChange={onChange}
        />
      );
    case 'boolean':
      return <Switch id={id} {...pass} checked={value === true} onChange={(v) => onChange(v)} />;
    case 'select':
      if (field.options) {
        return (
          <Select
            id={id}
            {...pass}
            className={className}
            status={status}
            virtual={false}
            value={value === undefined ? undefined : optionKey(value)}
            onChange={(k: string) => onChange(JSON.parse(k) as unknown)}
            options={field.options.map((o) => ({ value: optionKey(o.value), label: o.label }))}
          />
        );
      }
      return <ListSelect {...props} />;
    case 'reference':
      if (field.dependsOn) return <OwnedReferenceSelect {...props} />;
      return (
        <ReferenceSelect
          id={id}
          ariaLabel={ariaLabel}
          testId={testId}
          disabled={disabled}
          type={field.ref ?? ''}
          value={(value as RefValue | null) ?? null}
          onChange={onChange}
          allowClear={nullable}
          invalid={invalid}
        />
      );
    case 'references':
      return (
        <ReferenceList
          id={id}
          ariaLabel={ariaLabel}
          testId={testId}
          disabled={disabled}
          type={field.ref ?? ''}
          value={(value as RefValue[] | undefined) ?? []}
          onChange={onChange}
        />
      );
    case 'currencyAmounts':
      return (
        <CurrencyAmounts
          id={id}
          {...pass}
          value={(value as Record<string, number | null> | null) ?? {}}
          onChange={onChange}
          invalid={invalid}
        />
      );
    case 'ids':
      return (
        <Select
          id={id}
          {...pass}
          mode="tags"
          status={status}
          open={false}
          suffixIcon={null}
          tokenSeparators={[',', ' ']}
          placeholder="Global (no user ids)"
          value={((value as number[] | null) ?? []).map(String)}
          onChange={(v: string[]) => onChange(v.map((x) => (/^\d+$/.test(x.trim()) ? Number(x.trim()) : x)))}
        />
      );
    default:
      return (
        <Input
          id={id}
          {...pass}
          className={className}
          placeholder={placeholder}
          status={status}
          value={(value as string | null) ?? ''}
          onChange={(e) => onChange(e.target.value)}
          onPressEnter={onPressEnter}
        />
      );
  }
}

/** An amount per §9 currency (a coupon's minimum order): one money input each, empty for none. */
function CurrencyAmounts({
  id,
  value,
  onChange,
  invalid,
  disabled,
  ...pass
}: {
  id: string;
  value: Readonly<Record<string, number | null>>;
  onChange: (v: unknown) => void;
  invalid?: boolean;
  disabled?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  return (
    <div id={id} {...pass} className="currency-amounts" role="group">
      {CURRENCIES.map((c) => (
        <label key={c.code} className="currency-amount">
          <span>{c.code}</span>
          <InputNumber
            id={`${id}-${c.code}`}
            aria-label={`${c.name} (${c.code})`}
            status={invalid ? 'error' : undefined}
            disabled={disabled}
            min={0}
            step={0.01}
            precision={2}
            style={{ width: '100%' }}
            value={value[c.code] ?? null}
            onChange={(v) => onChange({ ...value, [c.code]: v ?? null })}
          />
        </label>
      ))}
    </div>
  );
}

/**
 * A select over an auxiliary reference list; a dependent one over its parent's items (a
 * sub-genre: the genre's sub-genres) or over the list's items that name the parent (a state:
 * the country's, `filteredBy`).
 */
function ListSelect({ id, field, value, onChange, values, invalid, className, ariaLabel, testId, disabled }: FieldInputProps) {
  const q = useQuery(referenceOptions(field.list ?? ''));
  const parent = field.dependsOn ? values[field.dependsOn] : undefined;
  const all = q.data ?? [];
  const items = !field.dependsOn
    ? all
    : field.filteredBy
      ? all.filter((i) => (i[field.filteredBy!] as { id?: unknown } | null | undefined)?.id === parent)
      : (all.find((i) => i.id === parent)?.sub_genres ?? []);
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      data-testid={testId}
      className={className}
      status={invalid ? 'error' : undefined}
      virtual={false}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={field.schema.safeParse(null).success}
      loading={q.isLoading}
      disabled={disabled || (Boolean(field.dependsOn) && parent == null)}
      value={(value as number | null) ?? undefined}
      onChange={(v?: number) => onChange(v ?? null)}
      options={items.map((i) => ({ value: i.id, label: i.name }))}
    />
  );
}

/** The records a reference depending on another field is chosen among, by that field and the reference's type. */
const OWNED_CHOICES: Readonly<Record<string, (owner: number) => ReturnType<typeof recordQueries.supplierLabels>>> = {
  /** A label mapping's label: one of its supplier's labels. */
  'supplier_id labels': recordQueries.supplierLabels,
};

/** A reference chosen among the records of the one another field names (a supplier's labels), as {id, name}. */
function OwnedReferenceSelect({ id, field, value, onChange, values, invalid, ariaLabel, testId, disabled }: FieldInputProps) {
  const choices = OWNED_CHOICES[`${field.dependsOn} ${field.ref}`];
  if (!choices) throw new Error(`No choices of ${field.ref} by ${field.dependsOn}`);
  const owner = values[field.dependsOn!];
  const q = useQuery({ ...choices(typeof owner === 'number' ? owner : 0), enabled: typeof owner === 'number' && owner > 0 });
  const options = (q.data?.results ?? []).map((r) => ({ value: r.id, label: r.name }));
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      data-testid={testId}
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      virtual={false}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={field.schema.safeParse(null).success}
      loading={q.isLoading}
      value={(value as RefValue | null)?.id ?? undefined}
      onChange={(v?: number) => onChange(v == null ? null : { id: v, name: options.find((o) => o.value === v)?.label ?? String(v) })}
      options={options}
    />
  );
}

/** How a record value reads when it cannot be edited here (read-only fields, history, previews). */
export function useValueText(field: FieldDecl | undefined): (v: unknown) => string {
  const q = useQuery({ ...referenceOptions(field?.list ?? ''), enabled: Boolean(field?.list) });
  return (v) => valueText(field, v, q.data);
}

export function valueText(
  field: FieldDecl | undefined,
  v: unknown,
  list?: readonly { id: number | null; name: string; sub_genres?: { id: number; name: string }[] }[],
): string {
  const option = field?.options?.find((o) => o.value === v);
  if (option) return option.label;
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.length ? v.map((x) => valueText(field, x, list)).join(', ') : field?.kind === 'ids' ? 'Global' : '—';
  if (field?.kind === 'currencyAmounts' && typeof v === 'object') {
    const parts = Object.entries(v as Record<string, unknown>)
      .filter(([, a]) => typeof a === 'number')
      .map(([c, a]) => `${c} ${money(a as number)}`);
    return parts.length ? parts.join(', ') : '—';
  }
  if (typeof v === 'object') return String((v as { name?: unknown }).name ?? (v as { id?: unknown }).id ?? '');
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  // A reference kept as its id (history rows, previews): the id, marked as one.
  if ((field?.kind === 'reference' || field?.kind === 'references') && typeof v === 'number') return `#${v}`;
  if (field?.list && list) {
    const items = field.dependsOn && !field.filteredBy ? list.flatMap((g) => g.sub_genres ?? []) : list;
    const hit = items.find((i) => i.id === v);
    if (hit) return hit.name;
  }
  if (field?.kind === 'date' && typeof v === 'string') return displayDate(v) || v;
  if (field?.kind === 'datetime' && typeof v === 'string') {
    const ms = instantMs(v, field.zone ?? 'UTC');
    return ms === null ? v : zonedDisplay(new Date(ms), field.zone ?? 'UTC');
  }
  if (field?.kind === 'money' && typeof v === 'number') return money(v);
  return String(v);
}

/** §9: amounts with thousands separators and two decimals. */
const money = (v: number) => formatNumber(v, 2);
