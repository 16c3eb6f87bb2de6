/**
 * A track's Publishers tab: its publishers in order (GET …/publishers/). A catalogue
 * writer edits the list (add, remove, move up and down) and saves it whole (PUT
 * …/publishers/ replaces it), checked with the API's own schema first (at most
 * MAX_PUBLISHERS, each once, none blank). Read-only for everyone else.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Empty, Form, Space } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PublishersBody, type Publisher } from '../../../shared/api/endpoints';
import { PUBLISHER_ITEMS, type FieldDecl } from '../../../shared/records';
import { saveFailedText } from '../../lib/http-errors';
import { ListSkeleton } from '../../ui/ListState';
import { putPublishers, recordKeys, recordQueries } from './api';
import { FieldInput } from './FieldInput';
import { LoadError, useMayWrite } from './tab-parts';
import type { RecordTabProps } from './tabs';

/** A publisher's declared name (shared/records PUBLISHER_ITEMS): each row's input. */
const NAME: FieldDecl = PUBLISHER_ITEMS.fields.name;

/** The names to send (trimmed, blank rows dropped), or the first problem's text. */
export function publisherNames(draft: readonly string[]): { names: string[] } | { error: string } {
  const names = draft.map((n) => n.trim()).filter(Boolean);
  const r = PublishersBody.safeParse({ names });
  return r.success ? { names: r.data.names } : { error: r.error.issues[0]!.message };
}

/** `list` with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export default function TrackPublishersTab({ id, onDirty }: RecordTabProps) {
  const mayWrite = useMayWrite('tracks');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const q = useQuery(recordQueries.publishers(id));
  const [draft, setDraft] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const loaded = q.data?.results.map((p: Publisher) => p.name) ?? [];
  const names = draft ?? loaded;
  const dirty = draft !== null && (draft.length !== loaded.length || draft.some((n, i) => n !== loaded[i]));
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);

  const save = useMutation({
    mutationFn: (list: string[]) => putPublishers(id, list),
    onSuccess: async (data) => {
      queryClient.setQueryData(recordKeys.publishers(id), data);
      void queryClient.invalidateQueries({ queryKey: recordKeys.publishers(id) });
      void queryClient.invalidateQueries({ queryKey: recordKeys.historyAll('tracks', id) });
      setDraft(null);
      void message.success('Publishers saved');
    },
  });

  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;

  if (!mayWrite) {
    return loaded.length === 0 ? (
      <Empty description="This track has no publishers yet" />
    ) : (
      <ol className="reference-list__items" data-testid="publishers">
        {loaded.map((n) => (
          <li key={n} className="reference-list__item" data-testid="publisher-name">
            {n}
          </li>
        ))}
      </ol>
    );
  }

  const edit = (next: string[]) => {
    setError(null);
    setDraft(next);
  };
  const submit = () => {
    const r = publisherNames(names);
    if ('error' in r) return setError(r.error);
    save.mutate(r.names);
  };

  return (
    <Form layout="vertical" component="div" disabled={save.isPending} data-testid="publishers-editor">
      {names.length === 0 && <Empty description='This track has no publishers yet. Add one with "Add publisher".' />}
      <ol className="reference-list__items" data-testid="publishers">
        {names.map((n, i) => (
          <li key={i} className="reference-list__item">
            <FieldInput
              id={`publisher-${i + 1}`}
              field={NAME}
              ariaLabel={`Publisher ${i + 1}`}
              value={n}
              values={{}}
              onChange={(v) => edit(names.map((x, j) => (j === i ? String(v) : x)))}
            />
            <Space.Compact>
              <Button
                aria-label={`Move publisher ${i + 1} up`}
                icon={<ArrowUpOutlined />}
                disabled={i === 0}
                onClick={() => edit(moved(names, i, i - 1))}
              />
              <Button
                aria-label={`Move publisher ${i + 1} down`}
                icon={<ArrowDownOutlined />}
                disabled={i === names.length - 1}
                onClick={() => edit(moved(names, i, i + 1))}
              />
              <Button
                aria-label={`Remove publisher ${i + 1}`}
                icon={<DeleteOutlined />}
                onClick={() => edit(names.filter((_, j) => j !== i))}
              />
            </Space.Compact>
          </li>
        ))}
      </ol>
      <Button onClick={() => edit([...names, ''])} data-testid="add-publisher">
        Add publisher
      </Button>
      <div className="record-save-bar">
        {(error ?? save.error) != null && (
          <Alert
            type="error"
            showIcon
            className="record-save-bar__error"
            data-testid="publishers-error"
            title={error ?? saveFailedText('track', save.error)}
          />
        )}
        <Space wrap>
          <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={submit} data-testid="save-publishers">
            Save publishers
          </Button>
          <Button
            disabled={!dirty || save.isPending}
            onClick={() => {
              setError(null);
              setDraft(null);
            }}
          >
            Undo changes
          </Button>
        </Space>
      </div>
    </Form>
  );
}
