/**
 * A playlist's Partners tab (spec §7 Playlists partners/, partners-bulk/): the link
 * partners it is offered to; a writer (admin, content ops, curation) adds partners found
 * by search and removes them, then saves the whole set in one PUT.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Empty, Form, Space, Table } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { playlistPartnerEndpoints as ep, type PlaylistPartner } from '../../../shared/api/endpoints';
import { recordRoute } from '../../../shared/records';
import { fetchData } from '../../lib/api';
import { saveFailedText } from '../../lib/http-errors';
import { ListSkeleton } from '../../ui/ListState';
import { recordKeys } from './api';
import { ReferenceSelect } from './ReferenceInput';
import { LoadError, TAB_TABLE, useMayWrite } from './tab-parts';
import type { RecordTabProps } from './tabs';

type Row = Pick<PlaylistPartner, 'id' | 'name'>;

export default function PlaylistPartnersTab({ id, onDirty }: RecordTabProps) {
  const mayWrite = useMayWrite('playlists');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const key = [...recordKeys.one('playlists', id), 'partners'];
  const q = useQuery({ queryKey: key, queryFn: () => fetchData(ep.list, { params: { id } }) });
  const loaded: Row[] = useMemo(() => q.data?.results ?? [], [q.data]);
  const [edited, setEdited] = useState<Row[] | null>(null);
  const rows = edited ?? loaded;
  const ids = rows.map((r) => r.id);
  const dirty = edited !== null && JSON.stringify([...ids].sort()) !== JSON.stringify(loaded.map((r) => r.id).sort());
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);

  const save = useMutation({
    mutationFn: (partnerIds: number[]) => fetchData(ep.put, { params: { id }, body: { partner_ids: partnerIds } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: recordKeys.historyAll('playlists', id) });
      setEdited(null);
      void message.success('Playlist partners saved');
    },
  });

  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;

  return (
    <div className="playlist-partners">
      {rows.length === 0 ? (
        <Empty description={mayWrite ? 'This playlist has no link partners. Add one below.' : 'This playlist has no link partners'} />
      ) : (
        <Table<Row>
          {...TAB_TABLE}
          data-testid="playlist-partners"
          dataSource={rows}
          columns={[
            {
              key: 'name',
              title: 'Link Partner',
              render: (_, r) => (
                <Link to={recordRoute('link_partners', r.id) ?? '#'} data-testid="partner-name">
                  {r.name}
                </Link>
              ),
            },
            ...(mayWrite
              ? [
                  {
                    key: 'remove',
                    width: 56,
                    title: <span className="sr-only">Remove</span>,
                    render: (_: unknown, r: Row) => (
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={`Remove ${r.name}`}
                        onClick={() => setEdited(rows.filter((x) => x.id !== r.id))}
                      />
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
            <Form.Item label="Add a link partner" htmlFor="playlist-add-partner">
              <ReferenceSelect
                id="playlist-add-partner"
                type="link_partners"
                value={null}
                onChange={(p) => {
                  if (p && !ids.includes(p.id)) setEdited([...rows, { id: p.id, name: p.name }]);
                }}
              />
            </Form.Item>
          </Form>
          {save.isError && (
            <Alert type="error" showIcon className="record-save-bar__error" title={saveFailedText('playlist', save.error)} />
          )}
          <Space wrap>
            <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={() => save.mutate(ids)} data-testid="save-partners">
              Save partners
            </Button>
            <Button disabled={!dirty || save.isPending} onClick={() => setEdited(null)}>
              Undo changes
            </Button>
          </Space>
        </div>
      )}
    </div>
  );
}
