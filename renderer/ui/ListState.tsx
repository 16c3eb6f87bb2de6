/**
 * The states of a list or a tab that loads one (issue 29): a skeleton while the first
 * answer is awaited (never "No data" before an answer came back), the list, an empty
 * answer that says so and what to do next, and a failure in §8's words
 * ("Something went wrong processing your request: {error}", with the friendly text by
 * status) with a Retry that asks again.
 *
 *   if (q.isPending) return <ListSkeleton />;
 *   if (q.isError) return <ListError error={q.error} onRetry={q.refetch} />;
 *
 * or, for an antd Table that stays on screen while it loads:
 *
 *   <Table {...tableStateProps(q, { empty: <ListEmpty description="No statements yet." /> })} dataSource={…} />
 */
import type { ReactNode } from 'react';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { friendlyErrorText, requestFailedText } from '../lib/http-errors';

/** The text a Retry button shows. */
export const RETRY_LABEL = 'Retry';

/** A list awaiting its first answer: grey rows in its place, announced as loading. */
export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="list-skeleton" role="status" aria-live="polite" aria-label="Loading…" data-testid="list-loading">
      <Skeleton active title={false} paragraph={{ rows }} />
    </div>
  );
}

/** A list's GET failed: §8's request-failed text, the friendly text by status, and a Retry that asks again. */
export function ListError({ error, onRetry, className }: { error: unknown; onRetry?: () => unknown; className?: string }) {
  return (
    <Alert
      type="error"
      showIcon
      className={className}
      data-testid="list-error"
      title={requestFailedText(error)}
      description={friendlyErrorText(error)}
      action={
        onRetry && (
          <Button size="small" icon={<ReloadOutlined />} onClick={() => void onRetry()} data-testid="list-retry">
            {RETRY_LABEL}
          </Button>
        )
      }
    />
  );
}

/** An empty answer: what is missing, and what to do next (an add or clear-filters button). */
export function ListEmpty({ description, action }: { description: ReactNode; action?: ReactNode }) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} data-testid="list-empty">
      {action}
    </Empty>
  );
}

/** What of a query the states need (TanStack Query's result has all of it). */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The `loading` and `locale.emptyText` of an antd Table fed by `q`: the skeleton while the
 * first answer is awaited, a spinner over the rows while a later one is, the §8 failure
 * with Retry, and `empty` (default: "Nothing to show yet.") only after an empty answer.
 */
export function tableStateProps(q: ListQuery, opts: { empty?: ReactNode; emptyText?: string } = {}) {
  const emptyText =
    q.isPending && !q.isError ? (
      <ListSkeleton />
    ) : q.isError ? (
      <ListError error={q.error} onRetry={q.refetch} />
    ) : (
      (opts.empty ?? <ListEmpty description={opts.emptyText ?? 'Nothing to show yet.'} />)
    );
  return { loading: q.isFetching && !q.isPending, locale: { emptyText } } as const;
}
