/**
 * Shown while rows are selected: how many, clear, and the bulk actions of the type.
 * The spec names bulk actions for deliveries (their own issue); every type can copy
 * the selected ids. When the whole page is selected and the search has more results,
 * the bar offers to select all of them (up to BULK_SELECT_LIMIT), fetched page by
 * page with the fetch-all helper of §7.
 */
import { useRef, useState } from 'react';
import { App, Button, Space, Tooltip } from 'antd';
import { BULK_SELECT_LIMIT } from '../../../shared/search';
import { requestFailedText } from '../../lib/http-errors';
import { formatCount, formatNumber } from '../../../shared/format';

export interface BulkAction {
  key: string;
  label: string;
  run: (ids: readonly React.Key[]) => Promise<void> | void;
}

export interface SelectAll {
  /** Results the search has in all (the envelope's count). */
  total: number;
  /** Rows on the page shown now. */
  pageRows: number;
  /** Fetches every result's id (in order); reports pages done; stops when the signal aborts. */
  fetchIds: (onPage: (done: number, last: number) => void, signal: AbortSignal) => Promise<React.Key[]>;
  /** Replaces the selection with every result. */
  onSelected: (ids: React.Key[]) => void;
}

export function BulkActionBar({
  selected,
  actions,
  onClear,
  selectAll,
}: {
  selected: readonly React.Key[];
  actions: readonly BulkAction[];
  onClear: () => void;
  selectAll?: SelectAll;
}) {
  const { message } = App.useApp();
  const [progress, setProgress] = useState<{ done: number; last: number } | null>(null);
  const abort = useRef<AbortController | null>(null);
  if (selected.length === 0) return null;
  const copy: BulkAction = {
    key: 'copy-ids',
    label: 'Copy IDs',
    run: async (ids) => {
      await navigator.clipboard.writeText(ids.join(','));
      message.success(`Copied ${ids.length} IDs`);
    },
  };
  const offerAll = selectAll && selected.length >= selectAll.pageRows && selectAll.total > selected.length;
  const tooMany = Boolean(selectAll && selectAll.total > BULK_SELECT_LIMIT);
  const runSelectAll = async () => {
    if (!selectAll) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ done: 0, last: 0 });
    try {
      const ids = await selectAll.fetchIds((done, last) => setProgress({ done, last }), controller.signal);
      if (!controller.signal.aborted) selectAll.onSelected(ids);
    } catch (e) {
      if (!controller.signal.aborted) message.error(requestFailedText(e));
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };
  return (
    <div className="search-bulk-bar" data-testid="bulk-bar" role="toolbar" aria-label="Bulk actions">
      <Space wrap>
        <strong data-testid="bulk-count">{formatNumber(selected.length)} selected</strong>
        {offerAll && !progress && (
          <Tooltip
            title={
              tooMany ? `Up to ${formatNumber(BULK_SELECT_LIMIT)} results can be selected at once: narrow the search first.` : undefined
            }
          >
            <Button size="small" type="link" data-testid="select-all" disabled={tooMany} onClick={() => void runSelectAll()}>
              Select all {formatCount(selectAll.total, 'result')}
            </Button>
          </Tooltip>
        )}
        {progress && (
          <span data-testid="select-all-progress">
            Selecting all… {progress.last ? `page ${progress.done} of ${progress.last}` : ''}{' '}
            <Button size="small" type="link" onClick={() => abort.current?.abort()}>
              Stop
            </Button>
          </span>
        )}
        {[...actions, copy].map((a) => (
          <Button
            key={a.key}
            size="small"
            disabled={Boolean(progress)}
            onClick={() => void Promise.resolve(a.run(selected)).catch((e: unknown) => message.error(requestFailedText(e)))}
          >
            {a.label}
          </Button>
        ))}
        <Button size="small" type="link" onClick={onClear}>
          Clear selection
        </Button>
      </Space>
    </div>
  );
}
