/**
 * A genre's Sub-genres tab (spec §3 "Genres (with sub-genres)", shared/api/endpoints/genres.ts):
 * its sub-genres by name with how many tracks each has; admin adds one, renames one
 * (each name once per genre) and removes one that no track has. Each change is saved at
 * once; the server's refusal is shown under the form.
 */
import { useState } from 'react';
import { Alert, App, Button, Empty, Form, Input, Space, Table } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { subGenreEndpoints as ep, type SubGenre } from '../../../shared/api/endpoints';
import { fetchData } from '../../lib/api';
import { bodyErrorText } from '../../lib/http-errors';
import { ListSkeleton } from '../../ui/ListState';
import { recordKeys } from './api';
import { LoadError, TAB_TABLE, useMayWrite } from './tab-parts';
import type { RecordTabProps } from './tabs';

type Change = { kind: 'add'; name: string } | { kind: 'rename'; item: number; name: string } | { kind: 'remove'; item: number };

export default function GenreSubGenresTab({ id }: RecordTabProps) {
  const mayWrite = useMayWrite('genres');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const key = [...recordKeys.one('genres', id), 'sub-genres'];
  const q = useQuery({ queryKey: key, queryFn: () => fetchData(ep.list, { params: { id } }) });
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ item: number; name: string } | null>(null);

  const change = useMutation({
    mutationFn: (c: Change) =>
      c.kind === 'add'
        ? fetchData(ep.create, { params: { id }, body: { name: c.name } })
        : c.kind === 'rename'
          ? fetchData(ep.patch, { params: { id, item: c.item }, body: { name: c.name } })
          : fetchData(ep.remove, { params: { id, item: c.item } }),
    onSuccess: async (_r, c) => {
      await queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: recordKeys.historyAll('genres', id) });
      if (c.kind === 'add') setName('');
      if (c.kind === 'rename') setRenaming(null);
      void message.success(c.kind === 'add' ? 'Sub-genre added' : c.kind === 'rename' ? 'Sub-genre renamed' : 'Sub-genre removed');
    },
  });

  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;

  return (
    <div className="genre-sub-genres">
      {q.data.results.length === 0 ? (
        <Empty description={mayWrite ? 'This genre has no sub-genres. Add one below.' : 'This genre has no sub-genres'} />
      ) : (
        <Table<SubGenre>
          {...TAB_TABLE}
          data-testid="sub-genres"
          dataSource={q.data.results}
          columns={[
            {
              key: 'name',
              title: 'Sub-genre',
              render: (_, r) =>
                renaming?.item === r.id ? (
                  <Space.Compact>
                    <Input
                      aria-label={`New name for ${r.name}`}
                      value={renaming.name}
                      maxLength={255}
                      onChange={(e) => setRenaming({ item: r.id, name: e.target.value })}
                      onPressEnter={() => change.mutate({ kind: 'rename', item: r.id, name: renaming.name })}
                    />
                    <Button
                      type="primary"
                      loading={change.isPending}
                      onClick={() => change.mutate({ kind: 'rename', item: r.id, name: renaming.name })}
                    >
                      Save
                    </Button>
                    <Button onClick={() => setRenaming(null)}>Cancel</Button>
                  </Space.Compact>
                ) : (
                  <span data-testid="sub-genre-name">{r.name}</span>
                ),
            },
            { key: 'tracks', title: 'Tracks', render: (_, r) => r.track_count },
            ...(mayWrite
              ? [
                  {
                    key: 'actions',
                    title: <span className="sr-only">Actions</span>,
                    render: (_: unknown, r: SubGenre) => (
                      <Space>
                        <Button size="small" aria-label={`Rename ${r.name}`} onClick={() => setRenaming({ item: r.id, name: r.name })}>
                          Rename
                        </Button>
                        <Button
                          size="small"
                          type="text"
                          icon={<DeleteOutlined />}
                          aria-label={`Remove ${r.name}`}
                          disabled={r.track_count > 0 || change.isPending}
                          onClick={() => change.mutate({ kind: 'remove', item: r.id })}
                        />
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {mayWrite && (
        <div className="record-save-bar">
          <Form layout="vertical" component="div">
            <Form.Item label="New sub-genre" htmlFor="sub-genre-name">
              <Space.Compact>
                <Input
                  id="sub-genre-name"
                  value={name}
                  maxLength={255}
                  onChange={(e) => setName(e.target.value)}
                  onPressEnter={() => name.trim() && change.mutate({ kind: 'add', name })}
                />
                <Button
                  type="primary"
                  disabled={!name.trim()}
                  loading={change.isPending}
                  onClick={() => change.mutate({ kind: 'add', name })}
                  data-testid="add-sub-genre"
                >
                  Add
                </Button>
              </Space.Compact>
            </Form.Item>
          </Form>
          {change.isError && (
            <Alert
              type="error"
              showIcon
              className="record-save-bar__error"
              title={bodyErrorText(change.error)}
              data-testid="sub-genre-error"
            />
          )}
        </div>
      )}
    </div>
  );
}
