/**
 * A page module's Items tab (spec §3, §4, §5): the items in position order with each
 * one's status in §4's words (by Mountain-time day, shared moduleItemStatus), reordered
 * by dragging the handle (mouse, touch, or keyboard) and saved in one request of
 * track-position items; an item added at the end: a catalogue item (track, release,
 * chart, playlist, artist, label) chosen by search, or another kind with its image (a YouTube video
 * with its URL too); at most 250 ("ITEM LIMIT EXCEEDED", also refused by the server).
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Empty, Form, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { AddModuleItem, CURATION_MSG } from '../../../shared/api/endpoints';
import { LIMITS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import {
  CATALOGUE_ITEM_TYPES,
  MODULE_ITEMS,
  YOUTUBE_ITEM_TYPE,
  isCatalogueItemType,
  mayEdit,
  moveTrack,
  renumber,
  type FieldDecl,
} from '../../../shared/records';
import { saveFailedText } from '../../lib/http-errors';
import { principalAtom } from '../../lib/store';
import { ListSkeleton } from '../../ui/ListState';
import { FieldInput } from '../records/FieldInput';
import { ReferenceSelect } from '../records/ReferenceInput';
import { serverFieldErrors, type FieldErrors, type RefValue } from '../records/form-model';
import { recordKeys } from '../records/api';
import { LoadError } from '../records/tab-parts';
import type { RecordTabProps } from '../records/tabs';
import { referenceOptions } from '../../lib/search-queries';
import { ModuleImagePicker } from './ModuleImagePicker';
import { ItemRow, ItemTable, SortableItemTable, itemLabel } from './ModuleItemTable';
import { addModuleItem, moduleItemsKey, moduleItemsQuery, removeModuleItem, saveModuleItemOrder } from './api';

/** The declared item fields (shared/records MODULE_ITEMS). */
const FIELDS: Readonly<Record<keyof typeof MODULE_ITEMS.fields, FieldDecl>> = MODULE_ITEMS.fields;
/** The catalogue item types whose picker is labelled by the type (an Artist item picks an artist, a Label item a label). */
const NAMED_PICK: ReadonlySet<string> = new Set(['Artist', 'Label']);

export default function ModuleItemsTab({ id, onDirty }: RecordTabProps) {
  const principal = useAtomValue(principalAtom);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const q = useQuery(moduleItemsQuery(id));
  const loaded = useMemo(() => q.data?.results ?? [], [q.data]);
  const [order, setOrder] = useState<number[] | null>(null);
  const ids = order ?? loaded.map((i) => i.id);
  const dirty = order !== null && order.some((x, i) => x !== loaded[i]?.id);
  const mayWrite = mayEdit(principal, 'page_modules', 'name');
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);
  const now = useMemo(() => new Date(), [q.dataUpdatedAt]); // eslint-disable-line react-hooks/exhaustive-deps

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: moduleItemsKey(id) });
    void queryClient.invalidateQueries({ queryKey: recordKeys.one('page_modules', id) });
  };
  const save = useMutation({
    mutationFn: (items: readonly number[]) => saveModuleItemOrder(id, renumber(items)),
    onSuccess: async () => {
      await refresh();
      setOrder(null);
      void message.success('Item order saved');
    },
  });
  const remove = useMutation({ mutationFn: (itemId: number) => removeModuleItem(id, itemId), onSuccess: refresh });

  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;

  const byId = new Map(loaded.map((i) => [i.id, i]));
  const titleOf = (iid: unknown) => itemLabel(byId.get(Number(iid))!) || String(iid);
  const onMove = (moved: number, position: number) => setOrder(moveTrack(ids, moved, position).map((p) => p.id));

  return (
    <div className="module-items" style={{ display: 'grid', gap: 16, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <p className="muted" data-testid="item-count">{`${loaded.length} of ${LIMITS.pageModuleItems} items`}</p>
      {loaded.length === 0 ? (
        <Empty description={mayWrite ? 'This module has no items yet. Add one with the form below.' : 'This module has no items yet'} />
      ) : mayWrite ? (
        <SortableItemTable
          ids={ids}
          byId={byId}
          now={now}
          titleOf={titleOf}
          onMove={onMove}
          removingId={remove.isPending ? remove.variables : null}
          removeDisabled={dirty}
          onRemove={remove.mutate}
        />
      ) : (
        <ItemTable sortable={false}>
          {ids.map((iid, n) => (
            <ItemRow key={iid} item={byId.get(iid)!} position={n + 1} now={now} title={titleOf(iid)} />
          ))}
        </ItemTable>
      )}
      {mayWrite && loaded.length > 0 && (
        <div className="record-save-bar">
          {save.isError && (
            <Alert
              type="error"
              showIcon
              className="record-save-bar__error"
              title={saveFailedText('module', save.error)}
              data-testid="order-error"
            />
          )}
          <Space wrap>
            <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={() => save.mutate(ids)} data-testid="save-order">
              Save item order
            </Button>
            <Button disabled={!dirty || save.isPending} onClick={() => setOrder(null)}>
              Undo reordering
            </Button>
          </Space>
        </div>
      )}
      {mayWrite && <AddItemForm moduleId={id} full={loaded.length >= LIMITS.pageModuleItems} onAdded={refresh} />}
    </div>
  );
}

function AddItemForm({ moduleId, full, onAdded }: { moduleId: number; full: boolean; onAdded: () => Promise<void> }) {
  const types = useQuery(referenceOptions('item-types'));
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [item, setItem] = useState<RefValue | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const typeName = types.data?.find((t) => t.id === values.item_type_id)?.name ?? '';
  const catalogue = isCatalogueItemType(typeName);
  const add = useMutation({ mutationFn: (body: AddModuleItem) => addModuleItem(moduleId, body) });

  const submit = async () => {
    setFailure(null);
    if (full) {
      setErrors({ items: [MSG.itemLimitExceeded] });
      return;
    }
    const body: Record<string, unknown> = {
      item_type_id: values.item_type_id,
      ...(catalogue ? { item_id: item?.id } : { image_url: values.image_url || undefined, url: values.url || undefined }),
      start_date: values.start_date ?? undefined,
      end_date: values.end_date ?? undefined,
    };
    const own: Record<string, string[]> = {};
    const parsed = AddModuleItem.safeParse(body);
    if (!parsed.success) for (const i of parsed.error.issues) (own[String(i.path[0] ?? 'items')] ??= []).push(i.message);
    if (body.item_type_id == null) own.item_type_id = [MSG.selectFromList];
    if (catalogue && !item) own.item_id = [CURATION_MSG.itemRequired];
    if (!catalogue && typeName && !body.image_url) own.image_url = [CURATION_MSG.imageRequired];
    if (typeName === YOUTUBE_ITEM_TYPE && !body.url) own.url = [CURATION_MSG.urlRequired];
    setErrors(own);
    if (Object.keys(own).length || !parsed.success) return;
    try {
      await add.mutateAsync(parsed.data);
      setValues({});
      setItem(null);
      await onAdded();
    } catch (e) {
      const known = serverFieldErrors(e, ['item_type_id', 'item_id', 'image_url', 'url', 'start_date', 'end_date', 'items']);
      setErrors(known.fields);
      if (!Object.keys(known.fields).length) setFailure(e);
    }
  };
  const set = (k: string, v: unknown) => {
    setValues((x) => ({ ...x, [k]: v }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([f]) => f !== k && f !== 'items')));
  };
  const row = (k: string, f: FieldDecl, input?: React.ReactNode) => (
    <Form.Item
      key={k}
      label={f.label}
      htmlFor={`item-${k}`}
      validateStatus={errors[k] ? 'error' : undefined}
      help={errors[k] ? <span data-testid={`item-error-${k}`}>{errors[k]!.join(' ')}</span> : undefined}
    >
      {input ?? (
        <FieldInput id={`item-${k}`} field={f} value={values[k]} values={values} onChange={(v) => set(k, v)} invalid={Boolean(errors[k])} />
      )}
    </Form.Item>
  );
  return (
    <Card title="Add an item" size="small" data-testid="add-item">
      <Form layout="vertical" disabled={add.isPending} onFinish={() => void submit()} component="div">
        {row('item_type_id', FIELDS.item_type_id)}
        {catalogue &&
          row(
            'item_id',
            { ...FIELDS.item_id, label: NAMED_PICK.has(typeName) ? typeName : FIELDS.item_id.label },
            <ReferenceSelect
              id="item-item_id"
              type={CATALOGUE_ITEM_TYPES[typeName]!}
              value={item}
              onChange={(v) => {
                setItem(v);
                set('item_id', v?.id);
              }}
              invalid={Boolean(errors.item_id)}
            />,
          )}
        {!catalogue && typeName && row('image_url', FIELDS.image_url)}
        {!catalogue && typeName && (
          <Form.Item label="Image" htmlFor="item-image-upload">
            <ModuleImagePicker moduleId={moduleId} onCropped={(url) => set('image_url', url)} />
          </Form.Item>
        )}
        {typeName === YOUTUBE_ITEM_TYPE && row('url', FIELDS.url)}
        {row('start_date', FIELDS.start_date)}
        {row('end_date', FIELDS.end_date)}
        {errors.items && (
          <Alert type="error" showIcon title={errors.items.join(' ')} data-testid="item-limit" style={{ marginBottom: 16 }} />
        )}
        {failure != null && <Alert type="error" showIcon title={saveFailedText('module', failure)} style={{ marginBottom: 16 }} />}
        <Button type="primary" onClick={() => void submit()} loading={add.isPending} data-testid="add-item-submit">
          Add item
        </Button>
      </Form>
    </Card>
  );
}
