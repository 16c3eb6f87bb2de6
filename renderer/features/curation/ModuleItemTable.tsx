/**
 * The table of a page module's items (up to 250, spec §3), reordered by dragging a row's
 * handle (pointer, touch, or keyboard: Space to pick up, arrows to move, Space to drop).
 *
 * Kept light for the drag (issue 17's bench: frame work p95 under 16 ms with 250 rows):
 * - a plain table, not antd's Table: dnd-kit changes its context on every pointer move and
 *   React walks every element under it looking for consumers, so the fewer the cheaper;
 *   antd's Table adds several components a cell and re-renders its rows on scroll (the
 *   auto-scroll of a long drag);
 * - the rows do not move while dragging, the dragged one follows the pointer and one
 *   insertion marker shows where it lands (item-drag.ts works the position out from the
 *   rows measured at the start), so no row re-renders when the position under the pointer
 *   changes (with dnd-kit sortables all 250 did, dozens of times a drag);
 * - the pointer drag renders nothing while it moves (pointer-drag.ts): the row's transform,
 *   the marker and the announcement are written straight to the DOM, the position spoken
 *   at most once a second (MOVE_ANNOUNCE_MS: each new text lays the page out, and a layout
 *   while the page auto-scrolls repainted all of it). dnd-kit drives only
 *   the keyboard (Space, arrows, Space or Escape), where a render a key press is nothing;
 *   its DndContext re-rendered on every pointer move and React walked all 250 rows;
 * - the dragged row and the marker get their own compositor layers (will-change), so moving
 *   them does not repaint the table;
 * - a row and its cells are memoised.
 */
import {
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  type CSSProperties,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { Button, Tag } from 'antd';
import { DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import {
  DndContext,
  KeyboardSensor,
  useDraggable,
  useSensor,
  useSensors,
  type DragMoveEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import type { ModuleItem } from '../../../shared/api/endpoints';
import { CATALOGUE_ITEM_TYPES, moduleItemStatus, recordRoute } from '../../../shared/records';
import { formatDate } from '../../../shared/format';
import { TONE_COLOR } from '../../ui/tones';
import { keyboardStep, markerY, measureRows, targetIndex, type DragGeometry } from './item-drag';
import { followPointer, throttledAnnouncer } from './pointer-drag';
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

/** What a draggable row adds: the pointer drag, removing the item (pending while its DELETE runs, disabled while the order is unsaved). */
interface SortableItemRowProps extends ItemRowProps {
  onPointerDown: PointerDown;
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
      <td>
        <span data-testid="item-position">{position}</span>
      </td>
      <td>{item.item_type.name}</td>
      <td>
        {to ? (
          <Link to={to} data-testid="item-label">
            {itemLabel(item)}
          </Link>
        ) : (
          <span data-testid="item-label" className="module-items__text">
            {itemLabel(item)}
          </span>
        )}
      </td>
      <td>{formatDate(item.start_date)}</td>
      <td>{formatDate(item.end_date)}</td>
      <td>
        {status ? (
          <Tag color={TONE_COLOR[status.tone]} data-testid="item-status">
            {status.text}
          </Tag>
        ) : null}
      </td>
    </>
  );
});

const RemoveCell = memo(function RemoveCell({
  id,
  title,
  pending,
  disabled,
  onRemove,
}: {
  id: number;
  title: string;
  pending: boolean;
  disabled: boolean;
  onRemove: (id: number) => void;
}) {
  return (
    <td>
      <Button
        type="text"
        danger
        size="small"
        icon={<DeleteOutlined />}
        aria-label={`Remove ${title}`}
        loading={pending}
        disabled={disabled}
        onClick={() => onRemove(id)}
      />
    </td>
  );
});

type Draggable = ReturnType<typeof useDraggable>;
const ROW = 'module-items__row';
const ROW_DRAGGING = 'module-items__row--dragging';

/** Starts a pointer drag of the row whose handle was pressed. */
type PointerDown = (e: ReactPointerEvent<HTMLElement>) => void;

const HandleCell = memo(function HandleCell({
  title,
  setRef,
  listeners,
  attributes,
  onPointerDown,
}: {
  title: string;
  setRef: Draggable['setActivatorNodeRef'];
  listeners: Draggable['listeners'];
  attributes: Draggable['attributes'];
  onPointerDown: PointerDown;
}) {
  return (
    <td>
      <Button
        type="text"
        size="small"
        icon={<HolderOutlined />}
        className="release-tracks__handle"
        ref={setRef}
        {...attributes}
        {...listeners}
        onPointerDown={onPointerDown}
        aria-label={`Reorder ${title}`}
        data-testid="reorder-handle"
      />
    </td>
  );
});

/**
 * A row that may be dragged by its handle: memoised (its props are the loaded item and
 * primitives), so only the dragged row re-renders while the keyboard moves it.
 */
const DraggableItemRow = memo(function DraggableItemRow({
  item,
  position,
  now,
  title,
  onPointerDown,
  removing,
  removeDisabled,
  onRemove,
}: SortableItemRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({ id: item.id });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform) };
  return (
    <tr ref={setNodeRef} style={style} className={isDragging ? `${ROW} ${ROW_DRAGGING}` : ROW}>
      <HandleCell title={title} setRef={setActivatorNodeRef} listeners={listeners} attributes={attributes} onPointerDown={onPointerDown} />
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
export function ItemTable({
  sortable,
  children,
  boxRef,
  bodyRef,
  marker,
}: {
  sortable: boolean;
  children: React.ReactNode;
  boxRef?: RefObject<HTMLDivElement | null>;
  bodyRef?: RefObject<HTMLTableSectionElement | null>;
  marker?: React.ReactNode;
}) {
  return (
    <div className="module-items__scroll" ref={boxRef}>
      <table className="module-items__table" data-testid="module-items">
        <thead>
          <tr>
            {sortable && (
              <th className="module-items__narrow">
                <span className="sr-only">Reorder</span>
              </th>
            )}
            <th className="module-items__narrow">#</th>
            <th>Item Type</th>
            <th>Item</th>
            <th>Start Date</th>
            <th>End Date</th>
            <th>Status</th>
            {sortable && (
              <th className="module-items__narrow">
                <span className="sr-only">Remove</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody ref={bodyRef}>{children}</tbody>
      </table>
      {marker}
    </div>
  );
}

/** The geometry of the drag in progress, with the table box's top when it started. */
type Drag = DragGeometry & { origin: number };

/** What the screen reader hears as an item is moved (keyboard and pointer alike). */
const say = {
  start: (title: string, position: number) => `Picked up ${title}. ${title} is over position ${position}.`,
  move: (title: string, position: number) => `${title} is over position ${position}.`,
  end: (title: string, position: number) => `${title} dropped at position ${position}.`,
  cancel: (title: string) => `Moving ${title} was cancelled.`,
};

/**
 * The items in the order given, reordered by dragging a handle: `onMove(id, position)` with
 * the 1-based position the item takes (the others move up or down one). The screen reader
 * hears what is picked up, the position it is over as it moves, and where it drops.
 */
export function SortableItemTable({
  ids,
  byId,
  now,
  titleOf,
  onMove,
  removingId,
  removeDisabled,
  onRemove,
}: {
  ids: readonly number[];
  byId: ReadonlyMap<number, ModuleItem>;
  now: Date;
  titleOf: (id: UniqueIdentifier) => string;
  onMove: (id: number, position: number) => void;
  removingId: number | null;
  removeDisabled: boolean;
  onRemove: (id: number) => void;
}) {
  const drag = useRef<Drag | null>(null);
  const target = useRef(-1);
  const boxRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const markerRef = useRef<HTMLDivElement>(null);
  const liveRef = useRef<HTMLDivElement>(null);
  const keyboard = useMemo(
    () => ({
      coordinateGetter: (event: KeyboardEvent, { currentCoordinates }: { currentCoordinates: { x: number; y: number } }) =>
        keyboardStep(drag.current, target.current, event.code, currentCoordinates),
    }),
    [],
  );
  const sensors = useSensors(useSensor(KeyboardSensor, keyboard));
  const position = () => target.current + 1;

  /** The drag of the item at `from` starts: the rows measured, the marker hidden. */
  const begin = (from: number) => {
    drag.current = { ...measureRows(bodyRef.current?.children ?? [], from), origin: boxRef.current?.getBoundingClientRect().top ?? 0 };
    target.current = from;
    showMarker(null);
  };
  /** The dragged row's centre moved by dy: true when the position it is over changed (the marker moved). */
  const over = (dy: number) => {
    const g = drag.current;
    if (!g) return false;
    const t = targetIndex(g, dy);
    if (t < 0 || t === target.current) return false;
    target.current = t;
    const y = markerY(g, t);
    showMarker(y == null ? null : y - g.origin);
    return true;
  };
  /** The drag ends: the item moves when dropped elsewhere. */
  const finish = (id: number, cancelled: boolean) => {
    showMarker(null);
    const g = drag.current;
    drag.current = null;
    if (!cancelled && g && target.current !== g.from) onMove(id, position());
  };
  function showMarker(y: number | null) {
    const m = markerRef.current;
    if (!m) return;
    m.hidden = y == null;
    if (y != null) m.style.transform = `translateY(${y}px)`;
  }

  // The pointer drag reads the latest render's callbacks from a ref, so its handler stays
  // the same function and the memoised rows never re-render for it.
  const latest = useRef({ begin, over, finish, ids, titleOf });
  useEffect(() => {
    latest.current = { begin, over, finish, ids, titleOf };
  });
  const cancelPointer = useRef<(() => void) | null>(null);
  useEffect(() => () => cancelPointer.current?.(), []);
  const onPointerDown = useCallback((e: ReactPointerEvent<HTMLElement>) => {
    const row = e.currentTarget.closest('tr');
    const body = bodyRef.current;
    if (!e.isPrimary || e.button !== 0 || !row || !body || drag.current) return;
    const from = Array.prototype.indexOf.call(body.children, row) as number;
    const id = latest.current.ids[from];
    if (id === undefined) return;
    const announce = throttledAnnouncer((text) => {
      if (liveRef.current) liveRef.current.textContent = text;
    });
    cancelPointer.current?.();
    const cancel = followPointer(e.nativeEvent, row, ROW_DRAGGING, {
      start: () => {
        latest.current.begin(from);
        announce.now(say.start(latest.current.titleOf(id), position()));
      },
      move: (dy) => {
        if (latest.current.over(dy)) announce.move(say.move(latest.current.titleOf(id), position()));
      },
      end: (cancelled) => {
        cancelPointer.current = null;
        announce.now(cancelled ? say.cancel(latest.current.titleOf(id)) : say.end(latest.current.titleOf(id), position()));
        latest.current.finish(id, cancelled);
      },
    });
    cancelPointer.current = () => {
      cancel();
      announce.stop();
    };
  }, []);

  return (
    <DndContext
      sensors={sensors}
      onDragStart={({ active }: DragStartEvent) => begin(ids.indexOf(Number(active.id)))}
      onDragMove={({ delta }: DragMoveEvent) => over(delta.y)}
      onDragEnd={({ active }) => finish(Number(active.id), false)}
      onDragCancel={({ active }) => finish(Number(active.id), true)}
      accessibility={{
        screenReaderInstructions: {
          draggable: 'To reorder, press Space, move the item with the arrow keys, and press Space again to drop it, or Escape to cancel.',
        },
        announcements: {
          onDragStart: ({ active }) => say.start(titleOf(active.id), position()),
          onDragMove: ({ active }) => say.move(titleOf(active.id), position()),
          onDragOver: () => undefined,
          onDragEnd: ({ active }) => say.end(titleOf(active.id), position()),
          onDragCancel: ({ active }) => say.cancel(titleOf(active.id)),
        },
      }}
    >
      <ItemTable
        sortable
        boxRef={boxRef}
        bodyRef={bodyRef}
        marker={<div ref={markerRef} className="module-items__marker" aria-hidden="true" hidden data-testid="drop-marker" />}
      >
        {ids.map((iid, n) => (
          <DraggableItemRow
            key={iid}
            item={byId.get(iid)!}
            position={n + 1}
            now={now}
            title={titleOf(iid)}
            onPointerDown={onPointerDown}
            removing={removingId === iid}
            removeDisabled={removeDisabled}
            onRemove={onRemove}
          />
        ))}
      </ItemTable>
      {/* The pointer drag's announcements, in the body as dnd-kit's own live region is. */}
      {createPortal(
        <div ref={liveRef} className="sr-only" role="status" aria-live="assertive" aria-atomic="true" data-testid="pointer-drag-live" />,
        document.body,
      )}
    </DndContext>
  );
}
