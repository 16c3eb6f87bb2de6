/**
 * The items tabs of a record (spec §3, §7 Suppliers and Labels): a supplier's contacts,
 * contracts, genre mappings and label mappings, a label's contracts; each a table of the
 * items with add, edit and remove for a writer (read-only for everyone else). One component
 * for every item type declared in shared/records/items.ts: the form's inputs are the record
 * fields' (FieldInput, by the declared kinds), checked with the declared body schema before
 * sending (so §5's "Please select a valid option from the list", the phone check and the
 * dates' order show under the field), the table's columns are the declared ones, and the
 * endpoints the item's. The server's 400 is shown the same way; a message of no field (the
 * last contact or contract: "Supplier needs at least one contact and one contract") above
 * the table.
 */
import { useState } from 'react';
import { Alert, App, Button, Col, Empty, Form, Modal, Row, Space, Table, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { labelEndpoints, supplierEndpoints } from '../../../shared/api/endpoints';
import type { EndpointSpec } from '../../../shared/api/endpoint';
import {
  CONTACT_ITEMS,
  CONTRACT_ITEMS,
  GENRE_MAPPING_ITEMS,
  LABEL_MAPPING_ITEMS,
  newItemValues,
  type ItemsDecl,
} from '../../../shared/records';
import { MSG } from '../../../shared/messages';
import { call, fetchData } from '../../lib/api';
import { bodyErrorText, saveFailedText } from '../../lib/http-errors';
import { confirm } from '../../ui/confirm';
import { ListSkeleton } from '../../ui/ListState';
import { FieldInput } from './FieldInput';
import { recordKeys } from './api';
import { formValueOf, sameValue, serverFieldErrors, wireValue, withField } from './form-model';
import { LoadError, TAB_TABLE, useMayWrite } from './tab-parts';
import type { RecordTabProps } from './tabs';

type Item = Record<string, unknown> & { id: number; version: number };
type Values = Record<string, unknown>;
type Errors = Record<string, string>;

type ItemEndpoints = Readonly<Record<'list' | 'create' | 'patch', EndpointSpec>> & { readonly remove?: EndpointSpec };

interface ItemsConfig {
  /** The tab's key (its test id: supplier-contacts, label-contracts). */
  readonly key: 'contacts' | 'contracts' | 'genreMappings' | 'labelMappings';
  readonly decl: ItemsDecl;
  /** Whose items: the record type, its noun (§8 save failures), its id field (what a dependent field names) and the endpoints. */
  readonly parent: {
    readonly type: 'suppliers' | 'labels';
    readonly noun: string;
    readonly idField: string;
    readonly endpoints: ItemEndpoints;
  };
}

const supplier = (key: ItemsConfig['key']): ItemsConfig['parent'] => ({
  type: 'suppliers',
  noun: 'supplier',
  idField: 'supplier_id',
  endpoints: supplierEndpoints[key] as unknown as ItemEndpoints,
});

/** The form's values of a stored item (a reference by its id field), or a new item's (the declared defaults). */
export function itemValues(decl: Pick<ItemsDecl, 'fields'>, item: Item | null): Values {
  if (!item) return newItemValues(decl);
  return Object.fromEntries(Object.entries(decl.fields).map(([k, f]) => [k, formValueOf(k, f, item)]));
}

/**
 * The body to send, or the errors by field: a new item's given values, an edited one's
 * changed values only; checked with the declared body schema (its messages, §5's for selects).
 */
export function itemDraft(decl: ItemsDecl, before: Values | null, values: Values): { body: Values } | { errors: Errors } {
  const fields = Object.entries(decl.fields);
  const given = before
    ? Object.fromEntries(fields.filter(([k, f]) => !sameValue(f, before[k], values[k])).map(([k, f]) => [k, wireValue(f, values[k])]))
    : // A new item: what was given, and every required field (an empty text as '', so its message is "may not be blank").
      Object.fromEntries(
        fields.flatMap(([k, f]) => {
          const v = values[k];
          if (v !== null && v !== undefined && v !== '') return [[k, wireValue(f, v)]];
          return decl.required.includes(k) && f.kind === 'text' ? [[k, '']] : [];
        }),
      );
  const r = (before ? decl.patch : decl.body).safeParse(given);
  if (r.success) return { body: given };
  const errors: Errors = {};
  for (const issue of r.error.issues) {
    const k = String(issue.path[0] ?? '');
    const kind = decl.fields[k]?.kind;
    errors[k] ??= kind === 'select' || kind === 'reference' ? MSG.selectFromList : issue.message;
  }
  return { errors };
}

function ItemsTab({ id, onDirty, config: c }: RecordTabProps & { config: ItemsConfig }) {
  const { decl, parent } = c;
  const mayWrite = useMayWrite(parent.type);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const ep = parent.endpoints;
  const queryKey = [...recordKeys.one(parent.type, id), c.key];
  const q = useQuery({ queryKey, queryFn: async () => (await fetchData(ep.list, { params: { id } } as never)) as { results: Item[] } });
  const [editing, setEditing] = useState<{ item: Item | null; values: Values } | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey });
    void queryClient.invalidateQueries({ queryKey: recordKeys.historyAll(parent.type, id) });
  };
  /** A 400 or 403 by field under the fields, the rest (no field of the form) above them; any other failure as §8 says. */
  const fail = (error: unknown) => {
    const { fields, other } = serverFieldErrors(error, Object.keys(decl.fields));
    setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.join(' ')])));
    const known = Object.keys(fields).length + other.length > 0;
    setFailure(known ? (other.length ? other.join(' ') : null) : saveFailedText(parent.noun, error));
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
      void message.success(v.item ? `Saved ${decl.noun}` : `Added ${decl.noun}`);
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (item: Item) => call(ep.remove!, { params: { id, item: item.id } } as never),
    onSuccess: async () => {
      await refresh();
      setFailure(null);
      void message.success(`Removed ${decl.noun}`);
    },
    onError: (error) => setFailure(serverFieldErrors(error, []).other.join(' ') || bodyErrorText(error)),
  });

  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;
  const items = q.data.results;

  const open = (item: Item | null) => {
    setErrors({});
    setFailure(null);
    setEditing({ item, values: itemValues(decl, item) });
  };
  const submit = () => {
    if (!editing) return;
    const d = itemDraft(decl, editing.item ? itemValues(decl, editing.item) : null, editing.values);
    if ('errors' in d) return setErrors(d.errors);
    if (editing.item && Object.keys(d.body).length === 0) return setEditing(null);
    setErrors({});
    save.mutate({ item: editing.item, body: d.body });
  };
  const askRemove = async (item: Item) => {
    if (decl.keepOne && items.length <= 1) return setFailure(MSG.supplierNeedsContactAndContract);
    if (await confirm({ message: `Remove this ${decl.noun}?`, theme: 'delete' })) remove.mutate(item);
  };

  return (
    <div className={`supplier-items supplier-items--${c.key}`} data-testid={`${parent.type === 'labels' ? 'label' : 'supplier'}-${c.key}`}>
      {failure && !editing && <Alert type="error" showIcon title={failure} data-testid="items-error" style={{ marginBottom: 12 }} />}
      {items.length === 0 ? (
        <Empty description={mayWrite ? `No ${decl.noun}s yet. Add one with "Add ${decl.noun}" below.` : `No ${decl.noun}s yet`} />
      ) : (
        <Table<Item>
          {...TAB_TABLE}
          dataSource={items}
          columns={[
            ...(decl.columns ?? []).map((col) => ({
              key: col.key,
              title: col.title,
              render: (_: unknown, i: Item) => {
                const text = col.text(i);
                return text === null || text === '' ? '—' : col.tag ? <Tag color={col.tag}>{text}</Tag> : text;
              },
            })),
            ...(mayWrite
              ? [
                  {
                    key: 'actions',
                    width: 96,
                    title: <span className="sr-only">Actions</span>,
                    render: (_: unknown, i: Item) => (
                      <Space size={0}>
                        <Button type="text" icon={<EditOutlined />} aria-label={`Edit ${decl.noun} ${i.id}`} onClick={() => open(i)} />
                        {ep.remove && (
                          <Button
                            type="text"
                            icon={<DeleteOutlined />}
                            aria-label={`Remove ${decl.noun} ${i.id}`}
                            loading={remove.isPending && remove.variables?.id === i.id}
                            onClick={() => void askRemove(i)}
                          />
                        )}
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {mayWrite && (
        <Button icon={<PlusOutlined />} style={{ marginTop: 12 }} onClick={() => open(null)}>
          Add {decl.noun}
        </Button>
      )}
      <Modal
        open={editing !== null}
        title={editing?.item ? `Edit ${decl.noun}` : `Add ${decl.noun}`}
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
            decl={decl}
            owner={{ [parent.idField]: id }}
            values={editing.values}
            errors={errors}
            onChange={(values) => {
              onDirty?.(true);
              setEditing({ ...editing, values });
            }}
          />
        )}
      </Modal>
    </div>
  );
}

/**
 * An item's form: its declared fields by kind (FieldInput), ids item-{field}. `owner` holds the
 * id of the record the items belong to ({supplier_id}: what a field depending on it names); a
 * change resets the fields depending on the changed one (a country its state).
 */
export function ItemForm({
  decl,
  owner,
  values,
  errors,
  onChange,
}: {
  decl: ItemsDecl;
  owner: Readonly<Record<string, unknown>>;
  values: Values;
  errors: Errors;
  onChange: (values: Values) => void;
}) {
  const context = { ...owner, ...values };
  return (
    <Form layout="vertical" component="div">
      <Row gutter={[16, 0]}>
        {Object.entries(decl.fields).map(([k, f]) => (
          <Col key={k} xs={24} md={12}>
            <Form.Item
              label={f.label}
              htmlFor={`item-${k}`}
              required={decl.required.includes(k)}
              validateStatus={errors[k] ? 'error' : undefined}
              help={errors[k] ? <span data-testid={`item-error-${k}`}>{errors[k]}</span> : undefined}
              data-testid={`item-${k}`}
            >
              <FieldInput
                id={`item-${k}`}
                field={f}
                value={values[k]}
                values={context}
                invalid={Boolean(errors[k])}
                onChange={(v) => onChange(withField(decl, values, k, v))}
              />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </Form>
  );
}

const config = (key: ItemsConfig['key'], decl: ItemsDecl, parent = supplier(key)): ItemsConfig => ({ key, decl, parent });
const CONTACTS = config('contacts', CONTACT_ITEMS);
const CONTRACTS = config('contracts', CONTRACT_ITEMS);
/** A label's contracts (§3, §7 Labels): the supplier contracts' form and table, without remove (§7 names GET, POST, PATCH) or the last-one rule. */
const LABEL_CONTRACTS = config(
  'contracts',
  { ...CONTRACT_ITEMS, keepOne: false },
  {
    type: 'labels',
    noun: 'label',
    idField: 'label_id',
    endpoints: { list: labelEndpoints.contracts, create: labelEndpoints.addContract, patch: labelEndpoints.patchContract },
  },
);
const GENRE_MAPPINGS = config('genreMappings', GENRE_MAPPING_ITEMS);
const LABEL_MAPPINGS = config('labelMappings', LABEL_MAPPING_ITEMS);

export const ContactsTab = (p: RecordTabProps) => <ItemsTab {...p} config={CONTACTS} />;
export const ContractsTab = (p: RecordTabProps) => <ItemsTab {...p} config={CONTRACTS} />;
export const LabelContractsTab = (p: RecordTabProps) => <ItemsTab {...p} config={LABEL_CONTRACTS} />;
export const GenreMappingsTab = (p: RecordTabProps) => <ItemsTab {...p} config={GENRE_MAPPINGS} />;
export const LabelMappingsTab = (p: RecordTabProps) => <ItemsTab {...p} config={LABEL_MAPPINGS} />;
