/**
 * The table of a page module's items (up to 250, spec §3), reordered by dragging a row's
 * handle (pointer, touch, or keyboard: Space to pick up, arrows to move, Space to drop).
 *
 * Kept light for the drag (issue 17's bench: frame work p95 under 16 ms with 250 rows):
 * - a plain table, not antd's Table: dnd-kit changes its context on every pointer move and
 *   React walks every element under it looking for consumers, so the fewer the cheaper;
 *   antd's Table adds several components a cell and re-renders its rows on scroll (the
 *   auto-scroll of a long drag);
 * - rows are draggables only, not sortables or droppables: the rows do not move while
 *   dragging, the dragged one follows the pointer and one insertion marker shows where it
 *   lands (item-drag.ts works the position out from the rows measured at the start), so
 *   no row re-renders when the position under the pointer changes (with sortables all 250
 *   did, dozens of times a drag);
 * - a row and its cells are memoised.
 */
import { memo, useMemo, useRef, type CSSProperties, type RefObject } from 'react';
import { Button, Tag } from 'antd';
import { DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { DndContext, KeyboardSensor, PointerSensor, useDraggable, useSensor, useSensors, type DragMoveEvent, type DragStartEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { atom, useAtomValue, useSetAtom, type PrimitiveAtom } from 'jotai';
import { CSS } from '@dnd-kit/utilities';
import type { ModuleItem } from '../../../shared/api/endpoints';
import { CATALOGUE_ITEM_TYPES, moduleItemStatus, recordRoute } from '../../../shared/records';
import { TONE_COLOR } from '../../ui/tones';
import { keyboardStep, markerY, measureRows, targetIndex, type DragGeometry } from './item-drag';
import './module-items.css';

/** What an item shows: its catalogue object (linked), else its URL or image. */
export function itemLabel(i: ModuleItem): string {
  return i.item?.name ?? i.url ?? i.image_url ?? '';
}

export interface ItemRowProps {
  item: ModuleItem;
  position: number;
  /** The day the statuses are computed for (§4, Mountain time). */
  now: Date;
  title: string;
}

/** What a draggable row adds: removing the item (pending while its DELETE runs, disabled while the order is unsaved). */
interface SortableItemRowProps extends ItemRowProps {
  removing: boolean;
  removeDisabled: boolean;
  onRemove: (id: number) => void;
}

/** The cells after the handle: position, type, item (linked when in the catalogue), dates, status. */
const ItemCells = memo(function ItemCells({ item, position, now }: { item: ModuleItem; position: number; now: Date }) {
  const table = CATALOGUE_ITEM_TYPES[item.item_type.name];
  const to = item.item && table ? recordRoute(table, item.item.id) : null;
  const status = moduleItemStatus(item, now);
  return (
    <>
      <td><span data-testid="item-position">{position}</span></td>
      <td>{item.item_type.name}</td>
      <td>{to ? <Link to={to} data-testid="item-label">{itemLabel(item)}</Link> : <span data-testid="item-label" className="module-items__text">{itemLabel(item)}</span>}</td>
      <td>{item.start_date ?? ''}</td>
      <td>{item.end_date ?? ''}</td>
      <td>{status ? <Tag color={TONE_COLOR[status.tone]} data-testid="item-status">{status.text}</Tag> : null}</td>
    </>
  );
});

const RemoveCell = memo(function RemoveCell({ id, title, pending, disabled, onRemove }: { id: number; title: string; pending: boolean; disabled: boolean; onRemove: (id: number) => void }) {
  return (
    <td>
      <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={`Remove ${title}`} loading={pending} disabled={disabled} onClick={() => onRemove(id)} />
    </td>
  );
});

type Draggable = ReturnType<typeof useDraggable>;

const HandleCell = memo(function HandleCell({ title, setRef, listeners, attributes }: {
  title: string; setRef: Draggable['setActivatorNodeRef']; listeners: Draggable['listeners']; attributes: Draggable['attributes'];
}) {
  return (
    <td>
      <Button type="text" size="small" icon={<HolderOutlined />} className="release-tracks__handle" ref={setRef} {...attributes} {...listeners}
        aria-label={`Reorder ${title}`} data-testid="reorder-handle" />
    </td>
  );
});

/**
 * A row that may be dragged by its handle: memoised (its props are the loaded item and
 * primitives), so only the dragged row re-renders while it follows the pointer.
 */
const DraggableItemRow = memo(function DraggableItemRow({ item, position, now, title, removing, removeDisabled, onRemove }: SortableItemRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({ id: item.id });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform) };
  return (
    <tr ref={setNodeRef} style={style} className={isDragging ? 'module-items__row module-items__row--dragging' : 'module-items__row'}>
      <HandleCell title={title} setRef={setActivatorNodeRef} listeners={listeners} attributes={attributes} />
      <ItemCells item={item} position={position} now={now} />
      <RemoveCell id={item.id} title={title} pending={removing} disabled={removeDisabled} onRemove={onRemove} />
    </tr>
  );
});

/** A row of a user who may not reorder. */
export const ItemRow = memo(function ItemRow({ item, position, now }: ItemRowProps) {
  return (
    <tr className="module-items__row">
      <ItemCells item={item} position={position} now={now} />
    </tr>
  );
});

/** The table around the rows; `sortable` adds the handle and remove columns. */
export function ItemTable({ sortable, children, boxRef, bodyRef, marker }: {
  sortable: boolean; children: React.ReactNode; boxRef?: RefObject<HTMLDivElement | null>; bodyRef?: RefObject<HTMLTableSectionElement | null>; marker?: React.ReactNode;
}) {
  return (
    <div className="module-items__scroll" ref={boxRef}>
      <table className="module-items__table" data-testid="module-items">
        <thead>
          <tr>
            {sortable && <th className="module-items__narrow"><span className="sr-only">Reorder</span></th>}
            <th className="module-items__narrow">#</th>
            <th>Item Type</th>
            <th>Item</th>
            <th>Start Date</th>
            <th>End Date</th>
            <th>Status</th>
            {sortable && <th className="module-items__narrow"><span className="sr-only">Remove</span></th>}
          </tr>
        </thead>
        <tbody ref={bodyRef}>{children}</tbody>
      </table>
      {marker}
    </div>
  );
}

/** The line where the dragged item would land (y in the table's box), hidden when it would stay. */
function DropMarker({ at }: { at: PrimitiveAtom<number | null> }) {
  const y = useAtomValue(at);
  return y == null ? null : <div className="module-items__marker" aria-hidden="true" style={{ transform: `translateY(${y}px)` }} data-testid="drop-marker" />;
}

/** The geometry of the drag in progress, with the table box's top when it started. */
type Drag = DragGeometry & { origin: number };

/**
 * The items in the order given, reordered by dragging a handle: `onMove(id, position)` with
 * the 1-based position the item takes (the others move up or down one). The screen reader
 * hears what is picked up, the position it is over as it moves, and where it drops.
 */
export function SortableItemTable({ ids, byId, now, titleOf, onMove, removingId, removeDisabled, onRemove }: {
  ids: readonly number[]; byId: ReadonlyMap<number, ModuleItem>; now: Date; titleOf: (id: UniqueIdentifier) => string;
  onMove: (id: number, position: number) => void; removingId: number | null; removeDisabled: boolean; onRemove: (id: number) => void;
}) {
  const drag = useRef<Drag | null>(null);
  const target = useRef(-1);
  const boxRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const markerAt = useMemo(() => atom<number | null>(null), []);
  const setMarker = useSetAtom(markerAt);
  const pointer = useMemo(() => ({ activationConstraint: { distance: 4 } }), []);
  const keyboard = useMemo(() => ({ coordinateGetter: (event: KeyboardEvent, { currentCoordinates }: { currentCoordinates: { x: number; y: number } }) => keyboardStep(drag.current, target.current, event.code, currentCoordinates) }), []);
  const sensors = useSensors(useSensor(PointerSensor, pointer), useSensor(KeyboardSensor, keyboard));
  const position = () => target.current + 1;

  const onDragStart = ({ active }: DragStartEvent) => {
    const from = ids.indexOf(Number(active.id));
    drag.current = { ...measureRows(bodyRef.current?.children ?? [], from), origin: boxRef.current?.getBoundingClientRect().top ?? 0 };
    target.current = from;
    setMarker(null);
  };
  const onDragMove = ({ delta }: DragMoveEvent) => {
    const g = drag.current;
    if (!g) return;
    const t = targetIndex(g, delta.y);
    if (t < 0 || t === target.current) return;
    target.current = t;
    const y = markerY(g, t);
    setMarker(y == null ? null : y - g.origin);
  };
  const onDragEnd = ({ active }: { active: { id: UniqueIdentifier } }) => {
    setMarker(null);
    if (drag.current && target.current !== drag.current.from) onMove(Number(active.id), position());
  };

  return (
    <DndContext
      sensors={sensors}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={() => setMarker(null)}
      accessibility={{
        screenReaderInstructions: { draggable: 'To reorder, press Space, move the item with the arrow keys, and press Space again to drop it, or Escape to cancel.' },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}. ${titleOf(active.id)} is over position ${position()}.`,
          onDragMove: ({ active }) => `${titleOf(active.id)} is over position ${position()}.`,
          onDragOver: () => undefined,
          onDragEnd: ({ active }) => `${titleOf(active.id)} dropped at position ${position()}.`,
          onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
        },
      }}
    >
      <ItemTable sortable boxRef={boxRef} bodyRef={bodyRef} marker={<DropMarker at={markerAt} />}>
        {ids.map((iid, n) => (
          <DraggableItemRow key={iid} item={byId.get(iid)!} position={n + 1} now={now} title={titleOf(iid)}
            removing={removingId === iid} removeDisabled={removeDisabled} onRemove={onRemove} />
        ))}
      </ItemTable>
    </DndContext>
  );
}
