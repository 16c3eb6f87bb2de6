/** A record's history (GET …/{id}/history/): who, when, and each field's old → new value, newest first. */
import { useState } from 'react';
import { Alert, Empty, Pagination, Table, Timeline } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { parsePage } from '../../../shared/api';
import type { FieldChange, HistoryEntry } from '../../../shared/api/endpoints';
import { recordDecl, type FieldDecl } from '../../../shared/records';
import { errorText, friendlyErrorText } from '../../lib/http-errors';
import { ListSkeleton } from '../../ui/ListState';
import { HISTORY_PER_PAGE, recordQueries } from './api';
import { FieldValue } from './RecordFields';
import type { RecordTabProps } from './tabs';
import { formatDateTime, valueWords } from '../../../shared/format';

const ACTIONS: Readonly<Record<string, string>> = {
  create: 'Created',
  update: 'Changed',
  bulk: 'Bulk edit',
  delete: 'Deleted',
  job: 'Changed by a job',
};
export const actionText = (action: string): string => ACTIONS[action] ?? valueWords(action);

export function HistoryTab({ type, id }: RecordTabProps) {
  const [page, setPage] = useState(1);
  const q = useQuery(recordQueries.history(type, id, page));
  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <Alert type="error" showIcon title={friendlyErrorText(q.error)} description={errorText(q.error)} />;
  if (q.data.results.length === 0) return <Empty description="No changes recorded yet" />;
  const last = parsePage(q.data.page).last;
  return (
    <div data-testid="history-tab">
      <Timeline items={q.data.results.map((e) => ({ key: e.id, children: <HistoryItem type={type} entry={e} /> }))} />
      {last > 1 && (
        <Pagination current={page} pageSize={HISTORY_PER_PAGE} total={q.data.count} onChange={setPage} showSizeChanger={false} />
      )}
    </div>
  );
}

/**
 * A reference field's value in a history row by the referenced records' names (the
 * server resolves them: `references`), "#id" for one since deleted; null for other values.
 */
export function referenceText(names: Readonly<Record<string, string>> | undefined, value: unknown): string | null {
  const one = (v: unknown) => (typeof v === 'number' ? (names?.[String(v)] ?? `#${v}`) : null);
  if (typeof value === 'number') return one(value);
  if (Array.isArray(value) && value.length && value.every((v) => typeof v === 'number')) return value.map(one).join(', ');
  return null;
}

function ChangeValue({
  field,
  names,
  value,
}: {
  field: FieldDecl | undefined;
  names: Readonly<Record<string, string>> | undefined;
  value: unknown;
}) {
  const ref = field?.kind === 'reference' || field?.kind === 'references' ? referenceText(names, value) : null;
  return ref === null ? <FieldValue field={field} value={value} /> : <span className="record-value">{ref}</span>;
}

function HistoryItem({ type, entry }: { type: string; entry: HistoryEntry }) {
  const decl = recordDecl(type);
  const label = (f: string) => decl?.fields[f]?.label ?? decl?.shown?.[f]?.label ?? f;
  const rows = Object.entries(entry.changes).map(([field, c]) => ({ field, ...c }));
  return (
    <div className="history-entry" data-testid="history-entry">
      <div className="history-entry__who">
        <strong>{actionText(entry.action)}</strong> by {entry.author?.name ?? 'the system'} ·{' '}
        {formatDateTime(entry.created_at, undefined, { seconds: true })}
      </div>
      {rows.length > 0 && (
        <Table<{ field: string } & FieldChange>
          size="small"
          pagination={false}
          rowKey="field"
          // Laid out to the page's width with long values wrapped: a table that scrolls sideways
          // inside a phone-width page is a scroll region the keyboard cannot reach (axe).
          tableLayout="fixed"
          className="history-changes"
          dataSource={rows}
          columns={[
            { key: 'field', title: 'Field', render: (_, r) => label(r.field) },
            {
              key: 'old',
              title: 'Old value',
              render: (_, r) => <ChangeValue field={decl?.fields[r.field]} names={entry.references[r.field]} value={r.old} />,
            },
            {
              key: 'new',
              title: 'New value',
              render: (_, r) => <ChangeValue field={decl?.fields[r.field]} names={entry.references[r.field]} value={r.new} />,
            },
          ]}
        />
      )}
    </div>
  );
}
