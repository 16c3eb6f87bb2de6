/**
 * A supplier's item tabs (spec §3, §7 Suppliers): contacts, contracts, genre mappings and
 * label mappings, each a table of the items with add, edit and remove for a catalogue
 * writer (read-only for everyone else). One component, configured per tab: the fields of
 * the item form (checked with the API's own body schema before sending, so §5's "Please
 * select a valid option from the list", the phone check and the dates' order show under
 * the field), the table's columns and the item's endpoints. The server's 400 is shown the
 * same way; a message of no field (the last contact or contract: "Supplier needs at least
 * one contact and one contract") above the table.
 */
import { useMemo, useState } from 'react';
import { Alert, App, Button, Checkbox, Col, DatePicker, Empty, Form, Input, Modal, Row, Select, Space, Table, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { z } from 'zod';
import {
  ContactBody, ContactPatch, ContractBody, ContractPatch, GenreMappingBody, GenreMappingPatch, LabelMappingBody, LabelMappingPatch,
  labelEndpoints, supplierEndpoints,
} from '../../../shared/api/endpoints';
import type { EndpointSpec } from '../../../shared/api/endpoint';
import { MSG } from '../../../shared/messages';
import { call, fetchData } from '../../lib/api';
import { bodyErrorText, saveFailedText } from '../../lib/http-errors';
import { confirm } from '../../ui/confirm';
import { ListSkeleton } from '../../ui/ListState';
import { referenceOptions } from '../../lib/search-queries';
import { DATE_SHOWN } from './FieldInput';
import { recordKeys, recordQueries } from './api';
import { serverFieldErrors } from './form-model';
import { LoadError, TAB_TABLE, useMayWrite } from './tab-parts';
import type { RecordTabProps } from './tabs';

type Item = Record<string, unknown> & { id: number; version: number };
type Values = Record<string, unknown>;
type Errors = Record<string, string>;

/** An input of the item form: text, a reference list (or the states of the chosen country, or the supplier's labels), a day, a switch. */
interface ItemField {
  readonly key: string;
  readonly label: string;
  readonly kind: 'text' | 'list' | 'state' | 'label' | 'date' | 'boolean';
  readonly list?: string;
  readonly required?: boolean;
}

type ItemEndpoints = Readonly<Record<'list' | 'create' | 'patch', EndpointSpec>> & { readonly remove?: EndpointSpec };

interface ItemsConfig {
  readonly key: 'contacts' | 'contracts' | 'genreMappings' | 'labelMappings';
  /** Whose items (default a supplier's) and, for a label, its endpoints (a label's contracts are not removed: §7 names GET, POST, PATCH). */
  readonly parent?: { readonly type: 'labels'; readonly noun: string; readonly endpoints: ItemEndpoints };
  /** Singular, as the buttons and messages say it. */
  readonly noun: string;
  readonly fields: readonly ItemField[];
  readonly columns: readonly { key: string; title: string; value: (i: Item) => React.ReactNode }[];
  readonly body: z.ZodType;
  readonly patch: z.ZodType;
  /** The §5 rule: the last one cannot be removed. */
  readonly keepOne?: boolean;
}

const refName = (v: unknown) => (v && typeof v === 'object' ? String((v as { name?: unknown }).name ?? '') : '') || '—';
const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
const yesNo = (v: unknown, yes: string) => (v ? <Tag color="red">{yes}</Tag> : '—');

const CONTACTS: ItemsConfig = {
  key: 'contacts', noun: 'contact', keepOne: true, body: ContactBody, patch: ContactPatch,
  fields: [
    { key: 'contact_type_id', label: 'Contact Type', kind: 'list', list: 'contact-types', required: true },
    { key: 'first_name', label: 'First Name', kind: 'text', required: true },
    { key: 'last_name', label: 'Last Name', kind: 'text', required: true },
    { key: 'email', label: 'Email', kind: 'text' },
    { key: 'username', label: 'Username', kind: 'text' },
    { key: 'phone', label: 'Phone', kind: 'text' },
    { key: 'phone_ext', label: 'Extension', kind: 'text' },
    { key: 'address1', label: 'Street Address', kind: 'text' },
    { key: 'address2', label: 'Street Address (line 2)', kind: 'text' },
    { key: 'city', label: 'City', kind: 'text' },
    { key: 'postal_code', label: 'Postal Code', kind: 'text' },
    { key: 'country_id', label: 'Country', kind: 'list', list: 'countries', required: true },
    { key: 'state_id', label: 'Province/State', kind: 'state', list: 'states' },
    { key: 'fax', label: 'Fax', kind: 'text' },
    { key: 'website', label: 'Website', kind: 'text' },
    { key: 'is_primary', label: 'Primary Contact', kind: 'boolean' },
  ],
  columns: [
    { key: 'name', title: 'Name', value: (i) => `${text(i.first_name)} ${i.last_name ?? ''}`.trim() },
    { key: 'type', title: 'Type', value: (i) => refName(i.contact_type) },
    { key: 'email', title: 'Email', value: (i) => text(i.email) },
    { key: 'phone', title: 'Phone', value: (i) => (i.phone ? `${String(i.phone)}${i.phone_ext ? ` ext. ${String(i.phone_ext)}` : ''}` : '—') },
    { key: 'place', title: 'City, Country', value: (i) => [i.city, refName(i.state), refName(i.country)].filter((x) => x && x !== '—').join(', ') || '—' },
    { key: 'primary', title: 'Primary', value: (i) => (i.is_primary ? <Tag color="blue">Primary</Tag> : '—') },
  ],
};

const CONTRACTS: ItemsConfig = {
  key: 'contracts', noun: 'contract', keepOne: true, body: ContractBody, patch: ContractPatch,
  fields: [
    { key: 'contract_type_id', label: 'Contract Type', kind: 'list', list: 'contract-types', required: true },
    { key: 'commercial_model_id', label: 'Commercial Model', kind: 'list', list: 'commercial-model-types' },
    { key: 'start_date', label: 'Start Date', kind: 'date', required: true },
    { key: 'end_date', label: 'End Date', kind: 'date' },
    { key: 'active', label: 'Active', kind: 'boolean' },
  ],
  columns: [
    { key: 'type', title: 'Contract Type', value: (i) => refName(i.contract_type) },
    { key: 'model', title: 'Commercial Model', value: (i) => refName(i.commercial_model) },
    { key: 'start', title: 'Start Date', value: (i) => (i.start_date ? dayjs(String(i.start_date)).format(DATE_SHOWN) : '—') },
    { key: 'end', title: 'End Date', value: (i) => (i.end_date ? dayjs(String(i.end_date)).format(DATE_SHOWN) : '—') },
    { key: 'active', title: 'Active', value: (i) => (i.active ? 'Yes' : 'No') },
  ],
};

const GENRE_MAPPINGS: ItemsConfig = {
  key: 'genreMappings', noun: 'genre mapping', body: GenreMappingBody, patch: GenreMappingPatch,
  fields: [
    { key: 'source_genre', label: 'Genre in Deliveries', kind: 'text', required: true },
    { key: 'genre_id', label: 'Genre', kind: 'list', list: 'genres' },
    { key: 'restricted', label: 'Restricted (refuse deliveries in it)', kind: 'boolean' },
  ],
  columns: [
    { key: 'source', title: 'Genre in Deliveries', value: (i) => text(i.source_genre) },
    { key: 'genre', title: 'Genre', value: (i) => (i.genre ? refName(i.genre) : 'Not mapped') },
    { key: 'restricted', title: 'Restricted', value: (i) => yesNo(i.restricted, 'Restricted') },
  ],
};

const LABEL_MAPPINGS: ItemsConfig = {
  key: 'labelMappings', noun: 'label mapping', body: LabelMappingBody, patch: LabelMappingPatch,
  fields: [
    { key: 'source_label', label: 'Label in Deliveries', kind: 'text', required: true },
    { key: 'label_id', label: 'Label', kind: 'label' },
    { key: 'blacklisted', label: 'Blacklisted (refuse deliveries from it)', kind: 'boolean' },
  ],
  columns: [
    { key: 'source', title: 'Label in Deliveries', value: (i) => text(i.source_label) },
    { key: 'label', title: 'Label', value: (i) => (i.label ? refName(i.label) : 'Not mapped') },
    { key: 'blacklisted', title: 'Blacklisted', value: (i) => yesNo(i.blacklisted, 'Blacklisted') },
  ],
};

/** The form's values of a stored item: a reference ({id, name}) by its id field. */
export function itemValues(fields: readonly ItemField[], item: Item | null): Values {
  const out: Values = {};
  for (const f of fields) {
    if (!item) out[f.key] = f.kind === 'boolean' ? f.key === 'active' : null;
    else if (f.key.endsWith('_id')) out[f.key] = (item[f.key.slice(0, -3)] as { id?: number } | null)?.id ?? null;
    else out[f.key] = item[f.key] ?? null;
  }
  return out;
}

/**
 * The body to send, or the errors by field: a new item's given values, an edited one's
 * changed values only; checked with the endpoint's schema (its messages, §5's for selects).
 */
export function itemDraft(c: ItemsConfig, before: Values | null, values: Values): { body: Values } | { errors: Errors } {
  const required = new Set(c.fields.filter((f) => f.required).map((f) => f.key));
  const given = before
    ? Object.fromEntries(Object.entries(values).filter(([k, v]) => JSON.stringify(before[k] ?? null) !== JSON.stringify(v ?? null)))
    // A new item: what was given, and every required field (an empty text as '', so its message is "may not be blank").
    : Object.fromEntries(Object.entries(values).flatMap(([k, v]) => (v !== null && v !== '' ? [[k, v]] : required.has(k) && c.fields.find((f) => f.key === k)?.kind === 'text' ? [[k, '']] : [])));
  const r = (before ? c.patch : c.body).safeParse(given);
  if (r.success) return { body: given };
  const errors: Errors = {};
  for (const issue of r.error.issues) {
    const k = String(issue.path[0] ?? '');
    const f = c.fields.find((x) => x.key === k);
    errors[k] ??= f && f.kind !== 'text' && f.kind !== 'date' && f.kind !== 'boolean' ? MSG.selectFromList : issue.message;
  }
  return { errors };
}

function ItemsTab({ id, onDirty, config: c }: RecordTabProps & { config: ItemsConfig }) {
  const parent = c.parent?.type ?? 'suppliers';
  const mayWrite = useMayWrite(parent);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const ep: ItemEndpoints = c.parent?.endpoints ?? (supplierEndpoints[c.key] as unknown as ItemEndpoints);
  const queryKey = [...recordKeys.one(parent, id), c.key];
  const q = useQuery({ queryKey, queryFn: async () => (await fetchData(ep.list, { params: { id } } as never)) as { results: Item[] } });
  const [editing, setEditing] = useState<{ item: Item | null; values: Values } | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey });
    void queryClient.invalidateQueries({ queryKey: recordKeys.historyAll(parent, id) });
  };
  /** A 400 or 403 by field under the fields, the rest (no field of the form) above them; any other failure as §8 says. */
  const fail = (error: unknown) => {
    const { fields, other } = serverFieldErrors(error, c.fields.map((f) => f.key));
    setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.join(' ')])));
    const known = Object.keys(fields).length + other.length > 0;
    setFailure(known ? (other.length ? other.join(' ') : null) : saveFailedText(c.parent?.noun ?? 'supplier', error));
  };
  const save = useMutation({
    mutationFn: async ({ item, body }: { item: Item | null; body: Values }) =>
      item
        ? call(ep.patch, { params: { id, item: item.id }, body, ifMatch: `"v${item.version}"` } as never)
        : call(ep.create, { params: { id }, body } as never),
    onSuccess: async (_r, v) => {
      await refresh();
      setEditing(null);
      setFailure(null);
      onDirty?.(false);
      void message.success(v.item ? `Saved ${c.noun}` : `Added ${c.noun}`);
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (item: Item) => call(ep.remove!, { params: { id, item: item.id } } as never),
    onSuccess: async () => {
      await refresh();
      setFailure(null);
      void message.success(`Removed ${c.noun}`);
    },
    onError: (error) => setFailure(serverFieldErrors(error, []).other.join(' ') || bodyErrorText(error)),
  });

  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;
  const items = q.data.results;

  const open = (item: Item | null) => {
    setErrors({});
    setFailure(null);
    setEditing({ item, values: itemValues(c.fields, item) });
  };
  const submit = () => {
    if (!editing) return;
    const d = itemDraft(c, editing.item ? itemValues(c.fields, editing.item) : null, editing.values);
    if ('errors' in d) return setErrors(d.errors);
    if (editing.item && Object.keys(d.body).length === 0) return setEditing(null);
    setErrors({});
    save.mutate({ item: editing.item, body: d.body });
  };
  const askRemove = async (item: Item) => {
    if (c.keepOne && items.length <= 1) return setFailure(MSG.supplierNeedsContactAndContract);
    if (await confirm({ message: `Remove this ${c.noun}?`, theme: 'delete' })) remove.mutate(item);
  };

  return (
    <div className={`supplier-items supplier-items--${c.key}`} data-testid={`${c.parent ? 'label' : 'supplier'}-${c.key}`}>
      {failure && !editing && <Alert type="error" showIcon title={failure} data-testid="items-error" style={{ marginBottom: 12 }} />}
      {items.length === 0 ? (
        <Empty description={mayWrite ? `No ${c.noun}s yet. Add one with "Add ${c.noun}" below.` : `No ${c.noun}s yet`} />
      ) : (
        <Table<Item>
          {...TAB_TABLE}
          dataSource={items}
          columns={[
            ...c.columns.map((col) => ({ key: col.key, title: col.title, render: (_: unknown, i: Item) => col.value(i) })),
            ...(mayWrite
              ? [{
                  key: 'actions', width: 96, title: <span className="sr-only">Actions</span>,
                  render: (_: unknown, i: Item) => (
                    <Space size={0}>
                      <Button type="text" icon={<EditOutlined />} aria-label={`Edit ${c.noun} ${i.id}`} onClick={() => open(i)} />
                      {ep.remove && (
                        <Button type="text" icon={<DeleteOutlined />} aria-label={`Remove ${c.noun} ${i.id}`} loading={remove.isPending && remove.variables?.id === i.id} onClick={() => void askRemove(i)} />
                      )}
                    </Space>
                  ),
                }]
              : []),
          ]}
        />
      )}
      {mayWrite && (
        <Button icon={<PlusOutlined />} style={{ marginTop: 12 }} onClick={() => open(null)}>
          Add {c.noun}
        </Button>
      )}
      <Modal
        open={editing !== null}
        title={editing?.item ? `Edit ${c.noun}` : `Add ${c.noun}`}
        okText="Save"
        onOk={submit}
        confirmLoading={save.isPending}
        onCancel={() => {
          setEditing(null);
          onDirty?.(false);
        }}
        width={720}
        destroyOnHidden
      >
        {failure && <Alert type="error" showIcon title={failure} data-testid="item-error" style={{ marginBottom: 12 }} />}
        {editing && (
          <ItemForm
            supplierId={id}
            fields={c.fields}
            values={editing.values}
            errors={errors}
            onChange={(k, v) => {
              onDirty?.(true);
              setEditing({ ...editing, values: { ...editing.values, [k]: v, ...(k === 'country_id' ? { state_id: null } : {}) } });
            }}
          />
        )}
      </Modal>
    </div>
  );
}

export function ItemForm({ supplierId, fields, values, errors, onChange }: {
  supplierId: number; fields: readonly ItemField[]; values: Values; errors: Errors; onChange: (k: string, v: unknown) => void;
}) {
  return (
    <Form layout="vertical" component="div">
      <Row gutter={[16, 0]}>
        {fields.map((f) => (
          <Col key={f.key} xs={24} md={12}>
            <Form.Item
              label={f.label}
              htmlFor={`item-${f.key}`}
              required={f.required}
              validateStatus={errors[f.key] ? 'error' : undefined}
              help={errors[f.key] ? <span data-testid={`item-error-${f.key}`}>{errors[f.key]}</span> : undefined}
              data-testid={`item-${f.key}`}
            >
              <ItemInput supplierId={supplierId} field={f} value={values[f.key]} country={values.country_id} onChange={(v) => onChange(f.key, v)} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </Form>
  );
}

function ItemInput({ supplierId, field: f, value, country, onChange }: {
  supplierId: number; field: ItemField; value: unknown; country: unknown; onChange: (v: unknown) => void;
}) {
  const id = `item-${f.key}`;
  const list = useQuery({ ...referenceOptions(f.list ?? 'genres'), enabled: Boolean(f.list) });
  const labels = useQuery({ ...recordQueries.supplierLabels(supplierId), enabled: f.kind === 'label' });
  const options = useMemo(() => {
    if (f.kind === 'label') return (labels.data?.results ?? []).map((l) => ({ value: l.id, label: l.name }));
    const items = (list.data ?? []).filter((i) => f.kind !== 'state' || (i.country as { id?: number } | undefined)?.id === country);
    return items.flatMap((i) => (i.id === null ? [] : [{ value: i.id, label: i.name }]));
  }, [f.kind, labels.data, list.data, country]);
  switch (f.kind) {
    case 'boolean':
      return <Checkbox id={id} checked={value === true} onChange={(e) => onChange(e.target.checked)}>{f.label}</Checkbox>;
    case 'date':
      return (
        <DatePicker id={id} style={{ width: '100%' }} format={DATE_SHOWN} placeholder={DATE_SHOWN}
          value={typeof value === 'string' && value ? dayjs(value, 'YYYY-MM-DD') : null}
          onChange={(d) => onChange(d ? d.format('YYYY-MM-DD') : null)} />
      );
    case 'list':
    case 'state':
    case 'label':
      return (
        <Select
          id={id}
          virtual={false}
          allowClear={!f.required}
          showSearch={{ optionFilterProp: 'label' }}
          loading={list.isLoading || labels.isLoading}
          disabled={f.kind === 'state' && country == null}
          value={(value as number | null) ?? undefined}
          onChange={(v?: number) => onChange(v ?? null)}
          options={options}
        />
      );
    default:
      return <Input id={id} value={(value as string | null) ?? ''} onChange={(e) => onChange(e.target.value)} />;
  }
}

export const ContactsTab = (p: RecordTabProps) => <ItemsTab {...p} config={CONTACTS} />;
export const ContractsTab = (p: RecordTabProps) => <ItemsTab {...p} config={CONTRACTS} />;
const LABEL_CONTRACTS: ItemsConfig = {
  ...CONTRACTS, keepOne: false,
  parent: { type: 'labels', noun: 'label', endpoints: { list: labelEndpoints.contracts, create: labelEndpoints.addContract, patch: labelEndpoints.patchContract } },
};
/** A label's contracts (§3, §7 Labels): the supplier contracts' form and table, without remove. */
export const LabelContractsTab = (p: RecordTabProps) => <ItemsTab {...p} config={LABEL_CONTRACTS} />;
export const GenreMappingsTab = (p: RecordTabProps) => <ItemsTab {...p} config={GENRE_MAPPINGS} />;
export const LabelMappingsTab = (p: RecordTabProps) => <ItemsTab {...p} config={LABEL_MAPPINGS} />;
export const SUPPLIER_ITEMS = { contacts: CONTACTS, contracts: CONTRACTS, genreMappings: GENRE_MAPPINGS, labelMappings: LABEL_MAPPINGS } as const;
