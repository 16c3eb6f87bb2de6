/**
 * A track's Songwriters tab: its songwriters with their songwriter type, in the order
 * added (GET …/songwriters/); a catalogue writer adds one (name and a type from the
 * songwriter-types reference list, checked with the API's own schema before it is sent)
 * and removes one. Read-only for everyone else.
 */
import { useState } from 'react';
import { Alert, App, Button, Empty, Form, Space, Table } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SongwriterBody, type Songwriter } from '../../../shared/api/endpoints';
import { MSG } from '../../../shared/messages';
import { SONGWRITER_ITEMS } from '../../../shared/records';
import { errorText, saveFailedText } from '../../lib/http-errors';
import { ListSkeleton } from '../../ui/ListState';
import { referenceOptions } from '../../lib/search-queries';
import { addSongwriter, deleteSongwriter, recordKeys, recordQueries } from './api';
import { FieldInput } from './FieldInput';
import { LoadError, TAB_TABLE, useMayWrite } from './tab-parts';
import type { RecordTabProps } from './tabs';

type FieldErrors = Partial<Record<'name' | 'songwriter_type_id', string>>;
const FIELDS = SONGWRITER_ITEMS.fields;

/** The new songwriter as the API takes it, or the §5/§8 texts of what is wrong, by field. */
export function songwriterDraft(
  name: string,
  typeId: number | null,
): { body: { name: string; songwriter_type_id: number } } | { errors: FieldErrors } {
  const r = SongwriterBody.safeParse({ name, songwriter_type_id: typeId ?? undefined });
  if (r.success) return { body: r.data };
  const errors: FieldErrors = {};
  for (const issue of r.error.issues) {
    const key = issue.path[0] === 'name' ? 'name' : 'songwriter_type_id';
    errors[key] ??= key === 'songwriter_type_id' ? MSG.selectFromList : issue.message;
  }
  return { errors };
}

export default function TrackSongwritersTab({ id, onDirty }: RecordTabProps) {
  const mayWrite = useMayWrite('tracks');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const q = useQuery(recordQueries.songwriters(id));
  const types = useQuery({ ...referenceOptions('songwriter-types'), enabled: mayWrite });
  const [name, setName] = useState('');
  const [typeId, setTypeId] = useState<number | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: recordKeys.songwriters(id) });
    void queryClient.invalidateQueries({ queryKey: recordKeys.historyAll('tracks', id) });
  };
  const add = useMutation({
    mutationFn: (body: { name: string; songwriter_type_id: number }) => addSongwriter(id, body),
    onSuccess: async (s) => {
      await refresh();
      setName('');
      setTypeId(null);
      onDirty?.(false);
      void message.success(`Added songwriter ${s.name}`);
    },
  });
  const remove = useMutation({
    mutationFn: (s: Songwriter) => deleteSongwriter(id, s.id),
    onSuccess: async (_, s) => {
      await refresh();
      void message.success(`Removed songwriter ${s.name}`);
    },
  });

  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;

  const submit = () => {
    const d = songwriterDraft(name, typeId);
    if ('errors' in d) return setErrors(d.errors);
    setErrors({});
    add.mutate(d.body);
  };
  const edited = (n: string, t: number | null) => onDirty?.(n.trim() !== '' || t !== null);
  const failure = add.error ?? remove.error;

  return (
    <div className="track-songwriters" data-testid="track-songwriters">
      {q.data.results.length === 0 ? (
        <Empty
          description={
            mayWrite ? 'This track has no songwriters yet. Add one below with its songwriter type.' : 'This track has no songwriters yet'
          }
        />
      ) : (
        <Table<Songwriter>
          data-testid="songwriters"
          {...TAB_TABLE}
          dataSource={q.data.results}
          columns={[
            { key: 'name', title: 'Name', render: (_, s) => <span data-testid="songwriter-name">{s.name}</span> },
            { key: 'type', title: 'Songwriter Type', render: (_, s) => s.songwriter_type?.name ?? '—' },
            ...(mayWrite
              ? [
                  {
                    key: 'remove',
                    width: 56,
                    title: <span className="sr-only">Remove</span>,
                    render: (_: unknown, s: Songwriter) => (
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={`Remove songwriter ${s.name}`}
                        loading={remove.isPending && remove.variables?.id === s.id}
                        onClick={() => remove.mutate(s)}
                      />
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {mayWrite && (
        <Form layout="vertical" component="div" className="subresource-form" disabled={add.isPending}>
          <Space wrap align="start">
            <Form.Item
              label={FIELDS.name.label}
              htmlFor="songwriter-name"
              validateStatus={errors.name ? 'error' : undefined}
              help={errors.name}
            >
              <FieldInput
                id="songwriter-name"
                field={FIELDS.name}
                value={name}
                values={{ name, songwriter_type_id: typeId }}
                invalid={Boolean(errors.name)}
                onChange={(v) => {
                  setName(String(v ?? ''));
                  edited(String(v ?? ''), typeId);
                }}
                onPressEnter={submit}
              />
            </Form.Item>
            <Form.Item
              label={FIELDS.songwriter_type_id.label}
              htmlFor="songwriter-type"
              validateStatus={errors.songwriter_type_id ? 'error' : undefined}
              help={errors.songwriter_type_id}
            >
              <FieldInput
                id="songwriter-type"
                field={FIELDS.songwriter_type_id}
                className="subresource-form__select"
                value={typeId}
                values={{ name, songwriter_type_id: typeId }}
                invalid={Boolean(errors.songwriter_type_id)}
                onChange={(v) => {
                  const t = typeof v === 'number' ? v : null;
                  setTypeId(t);
                  edited(name, t);
                }}
              />
            </Form.Item>
            <Form.Item label={<span className="sr-only">Add</span>}>
              <Button type="primary" onClick={submit} loading={add.isPending} data-testid="add-songwriter">
                Add songwriter
              </Button>
            </Form.Item>
          </Space>
        </Form>
      )}
      {types.isError && <Alert type="error" showIcon title={MSG.requestFailed(errorText(types.error))} />}
      {failure != null && <Alert type="error" showIcon title={saveFailedText('track', failure)} data-testid="songwriter-error" />}
    </div>
  );
}
