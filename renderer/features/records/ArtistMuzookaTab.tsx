/**
 * An artist's Muzooka tab (spec §3, §7 Artists): Muzooka sync on or off (POST/DELETE
 * …/sync/; turning it on needs the Muzooka ID of the Details tab, §5, and reads the
 * profile from Muzooka), the profile image pulled from Muzooka (POST …/pull-image/) or
 * uploaded (POST …/images/, the label/chart Image tab's part: main reads and sends it), and
 * the other Muzooka profiles mapped to the artist (GET/POST/PATCH/DELETE
 * …/muzooka-mappings/). Writers are the artists write rule; everyone else reads.
 */
import { useState } from 'react';
import { Alert, App, Button, Descriptions, Empty, Space, Table } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MuzookaMappingBody, artistEndpoints as ep, type MuzookaMapping } from '../../../shared/api/endpoints';
import { MUZOOKA_MAPPING_ITEMS, type FieldDecl } from '../../../shared/records';
import { call, fetchData } from '../../lib/api';
import { bodyErrorText } from '../../lib/http-errors';
import { ListSkeleton } from '../../ui/ListState';
import { recordKeys } from './api';
import { FieldInput } from './FieldInput';
import RecordImageTab from './RecordImageTab';
import { LoadError, TAB_TABLE, useMayWrite } from './tab-parts';
import type { RecordTabProps } from './tabs';

/** A mapping's declared fields (shared/records MUZOOKA_MAPPING_ITEMS): the new one's ID, each row's switch. */
const FIELDS: Readonly<Record<keyof typeof MUZOOKA_MAPPING_ITEMS.fields, FieldDecl>> = MUZOOKA_MAPPING_ITEMS.fields;

const mappingsKey = (id: number) => [...recordKeys.one('artists', id), 'muzooka-mappings'] as const;
const mappingsQuery = (id: number) =>
  queryOptions({ queryKey: mappingsKey(id), queryFn: () => fetchData(ep.mappings, { params: { id } }) });

export default function ArtistMuzookaTab({ id, row, onRecord }: RecordTabProps) {
  const mayWrite = useMayWrite('artists');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mappings = useQuery(mappingsQuery(id));
  const [newId, setNewId] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: mappingsKey(id) });
    void queryClient.invalidateQueries({ queryKey: recordKeys.historyAll('artists', id) });
  };

  const action = useMutation({
    mutationFn: (what: 'sync' | 'unsync' | 'pullImage') => call(ep[what], { params: { id } }),
    onSuccess: (res, what) => {
      onRecord?.({ row: res.data, etag: res.etag });
      void queryClient.invalidateQueries({ queryKey: recordKeys.historyAll('artists', id) });
      void message.success(
        { sync: 'Muzooka sync enabled', unsync: 'Muzooka sync disabled', pullImage: 'Profile image pulled from Muzooka' }[what],
      );
    },
  });
  const add = useMutation({
    mutationFn: (muzookaId: string) => call(ep.addMapping, { params: { id }, body: { muzooka_id: muzookaId } }),
    onSuccess: () => {
      setNewId('');
      refresh();
      void message.success('Muzooka profile mapped');
    },
  });
  const change = useMutation({
    mutationFn: (m: { mid: number; enabled: boolean }) =>
      call(ep.patchMapping, { params: { id, mid: m.mid }, body: { enabled: m.enabled } }),
    onSuccess: () => refresh(),
  });
  const remove = useMutation({
    mutationFn: (mid: number) => call(ep.deleteMapping, { params: { id, mid } }),
    onSuccess: () => refresh(),
  });

  const submit = () => {
    const r = MuzookaMappingBody.safeParse({ muzooka_id: newId });
    if (!r.success) return setFormError(r.error.issues[0]!.message);
    setFormError(null);
    add.mutate(r.data.muzooka_id);
  };
  const failure = action.error ?? add.error ?? change.error ?? remove.error;
  const sync = row.muzooka_sync === true;

  return (
    <div data-testid="artist-muzooka">
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'id', label: 'Muzooka ID', children: typeof row.muzooka_id === 'string' && row.muzooka_id ? row.muzooka_id : 'None' },
          { key: 'sync', label: 'Muzooka Sync', children: <span data-testid="muzooka-sync-state">{sync ? 'Enabled' : 'Disabled'}</span> },
          { key: 'image', label: 'Profile Image', children: typeof row.image_url === 'string' && row.image_url ? row.image_url : 'None' },
        ]}
      />
      {mayWrite && (
        <Space wrap className="record-tab-actions">
          {sync ? (
            <Button
              onClick={() => action.mutate('unsync')}
              loading={action.isPending && action.variables === 'unsync'}
              data-testid="muzooka-unsync"
            >
              Disable Muzooka sync
            </Button>
          ) : (
            <Button
              type="primary"
              onClick={() => action.mutate('sync')}
              loading={action.isPending && action.variables === 'sync'}
              data-testid="muzooka-sync"
            >
              Enable Muzooka sync
            </Button>
          )}
          <Button
            onClick={() => action.mutate('pullImage')}
            loading={action.isPending && action.variables === 'pullImage'}
            data-testid="muzooka-pull-image"
          >
            Pull image from Muzooka
          </Button>
        </Space>
      )}
      {failure != null && <Alert type="error" showIcon data-testid="muzooka-error" title={bodyErrorText(failure)} />}

      <h2 className="record-tab-heading">Profile image</h2>
      <RecordImageTab type="artists" id={id} row={row} onRecord={onRecord} />

      <h2 className="record-tab-heading">Muzooka mappings</h2>
      {mappings.isPending ? (
        <ListSkeleton />
      ) : mappings.isError ? (
        <LoadError error={mappings.error} onRetry={mappings.refetch} />
      ) : mappings.data.results.length === 0 ? (
        <Empty description="No other Muzooka profiles are mapped to this artist" />
      ) : (
        <Table<MuzookaMapping>
          {...TAB_TABLE}
          dataSource={mappings.data.results}
          data-testid="muzooka-mappings"
          columns={[
            { title: 'Muzooka ID', dataIndex: 'muzooka_id' },
            {
              title: 'Enabled',
              dataIndex: 'enabled',
              render: (v: boolean, m) => (
                <FieldInput
                  id={`muzooka-mapping-${m.id}-enabled`}
                  field={FIELDS.enabled}
                  value={v}
                  values={{}}
                  disabled={!mayWrite}
                  ariaLabel={`Mapping ${m.muzooka_id} enabled`}
                  onChange={(enabled) => change.mutate({ mid: m.id, enabled: enabled === true })}
                />
              ),
            },
            ...(mayWrite
              ? [
                  {
                    title: 'Remove',
                    key: 'remove',
                    render: (_: unknown, m: MuzookaMapping) => (
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={`Remove mapping ${m.muzooka_id}`}
                        onClick={() => remove.mutate(m.id)}
                      />
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {mayWrite && (
        <Space.Compact className="record-tab-add">
          <FieldInput
            id="muzooka-mapping-id"
            field={FIELDS.muzooka_id}
            ariaLabel="Muzooka ID to map"
            placeholder="Muzooka ID"
            value={newId}
            values={{}}
            invalid={Boolean(formError)}
            onChange={(v) => setNewId(String(v))}
            onPressEnter={submit}
            testId="muzooka-mapping-id"
          />
          <Button onClick={submit} loading={add.isPending} data-testid="muzooka-mapping-add">
            Map profile
          </Button>
        </Space.Compact>
      )}
      {formError && <Alert type="error" showIcon title={formError} />}
    </div>
  );
}
