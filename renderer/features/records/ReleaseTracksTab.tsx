/**
 * A release's Tracks tab: its tracks in position order, reordered by dragging the
 * handle (mouse, touch, or keyboard: Space to pick up, arrows to move, Space to drop);
 * the moved track takes its new position and the others are renumbered (spec §4,
 * shared moveTrack); the new order is saved in one request (PATCH …/tracks/bulk/).
 */
import { createContext, useContext, useEffect, useMemo, useState, type HTMLAttributes } from 'react';
import { Alert, App, Button, Empty, Space, Table, Tag } from 'antd';
import { HolderOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DraggableAttributes,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { can, writeRule } from '../../../shared/access';
import { moveTrack, recordRoute, renumber } from '../../../shared/records';
import { encodeStatusTag } from '../../../shared/search/status';
import { saveFailedText } from '../../lib/http-errors';
import { principalAtom } from '../../lib/store';
import { ListError, ListSkeleton } from '../../ui/ListState';
import { TONE_COLOR } from '../../ui/tones';
import { recordKeys, recordQueries, saveTrackOrder } from './api';
import type { RecordTabProps } from './tabs';

interface TrackRow {
  id: number;
  position: number;
  title: string;
  mix_name?: unknown;
  encode_status?: unknown;
}

export type Listeners = ReturnType<typeof useSortable>['listeners'];
const HandleContext = createContext<{ setRef?: (el: HTMLElement | null) => void; listeners?: Listeners; attributes?: DraggableAttributes }>(
  {},
);

export function DragHandle({ title }: { title: string }) {
  const { setRef, listeners, attributes } = useContext(HandleContext);
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      className="release-tracks__handle"
      ref={setRef}
      {...attributes}
      {...listeners}
      aria-label={`Reorder ${title}`}
      data-testid="reorder-handle"
    />
  );
}

export function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': number }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props['data-row-key'],
  });
  const style = {
    ...props.style,
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: 'relative' as const, zIndex: 5 } : {}),
  };
  const ctx = useMemo(() => ({ setRef: setActivatorNodeRef, listeners, attributes }), [setActivatorNodeRef, listeners, attributes]);
  return (
    <HandleContext.Provider value={ctx}>
      <tr {...props} ref={setNodeRef} style={style} />
    </HandleContext.Provider>
  );
}

/**
 * The drag-and-drop around a table of tracks (rows: SortableRow, handles: DragHandle):
 * a track dropped over another takes that one's 1-based position (`onMove`); the screen
 * reader hears what is picked up, where it is and where it drops.
 */
export function SortableTracks({
  ids,
  titleOf,
  onMove,
  children,
}: {
  ids: number[];
  titleOf: (id: unknown) => string;
  onMove: (id: number, position: number) => void;
  children: React.ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(Number(active.id), ids.indexOf(Number(over.id)) + 1);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable: 'To reorder, press Space, move the track with the arrow keys, and press Space again to drop it, or Escape to cancel.',
        },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}.`,
          onDragOver: ({ active, over }) =>
            over ? `${titleOf(active.id)} is over position ${ids.indexOf(Number(over.id)) + 1}.` : undefined,
          onDragEnd: ({ active, over }) =>
            over ? `${titleOf(active.id)} dropped at position ${ids.indexOf(Number(over.id)) + 1}.` : `${titleOf(active.id)} dropped.`,
          onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

export default function ReleaseTracksTab({ id, onDirty }: RecordTabProps) {
  const principal = useAtomValue(principalAtom);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const q = useQuery(recordQueries.releaseTracks(id));
  const loaded = useMemo(() => [...(q.data?.results ?? [])].sort((a, b) => a.position - b.position) as TrackRow[], [q.data]);
  const [order, setOrder] = useState<number[] | null>(null);
  const ids = order ?? loaded.map((t) => t.id);
  const dirty = order !== null && order.some((t, i) => t !== loaded[i]?.id);
  const mayReorder = can(principal, writeRule('tracks') ?? []);
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);

  const save = useMutation({
    mutationFn: (tracks: readonly number[]) => saveTrackOrder(id, renumber(tracks)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: recordKeys.releaseTracks(id) });
      void queryClient.invalidateQueries({ queryKey: recordKeys.historyAll('releases', id) });
      setOrder(null);
      void message.success('Track order saved');
    },
  });
  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <ListError error={q.error} onRetry={q.refetch} />;
  if (loaded.length === 0) return <Empty description="This release has no tracks yet" />;

  const byId = new Map(loaded.map((t) => [t.id, t]));
  const rows = ids.map((tid, i) => ({ ...byId.get(tid)!, shownPosition: i + 1 }));
  const titleOf = (tid: unknown) => byId.get(Number(tid))?.title ?? String(tid);
  const onMove = (moved: number, position: number) => setOrder(moveTrack(ids, moved, position).map((p) => p.id));

  const table = (
    <Table<(typeof rows)[number]>
      data-testid="release-tracks"
      size="middle"
      rowKey="id"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={rows}
      components={mayReorder ? { body: { row: SortableRow } } : undefined}
      columns={[
        ...(mayReorder
          ? [
              {
                key: 'sort',
                width: 48,
                title: <span className="sr-only">Reorder</span>,
                render: (_: unknown, r: (typeof rows)[number]) => <DragHandle title={r.title} />,
              },
            ]
          : []),
        { key: 'position', title: '#', width: 56, render: (_, r) => <span data-testid="track-position">{r.shownPosition}</span> },
        {
          key: 'title',
          title: 'Title',
          render: (_, r) => (
            <Link to={recordRoute('tracks', r.id) ?? '#'} data-testid="track-title">
              {r.title}
            </Link>
          ),
        },
        { key: 'mix', title: 'Mix Name', render: (_, r) => (r.mix_name == null ? '' : String(r.mix_name)) },
        {
          key: 'encode',
          title: 'Encode Status',
          render: (_, r) => {
            const tag = encodeStatusTag(r.encode_status);
            return <Tag color={TONE_COLOR[tag.tone]}>{tag.text}</Tag>;
          },
        },
      ]}
    />
  );

  return (
    <div className="release-tracks">
      {mayReorder ? (
        <SortableTracks ids={ids} titleOf={titleOf} onMove={onMove}>
          {table}
        </SortableTracks>
      ) : (
        table
      )}
      {mayReorder && (
        <div className="record-save-bar">
          {save.isError && (
            <Alert
              type="error"
              showIcon
              className="record-save-bar__error"
              title={saveFailedText('release', save.error)}
              data-testid="order-error"
            />
          )}
          <Space wrap>
            <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={() => save.mutate(ids)} data-testid="save-order">
              Save track order
            </Button>
            <Button disabled={!dirty || save.isPending} onClick={() => setOrder(null)}>
              Undo reordering
            </Button>
          </Space>
        </div>
      )}
    </div>
  );
}
