/**
 * A track's DJ Edits tab (spec §4, §7 Tracks): for a DJ edit, the track it was made of
 * (GET …/dj-edit-source/), with "Cannot show DJ track: Parent track is hidden or
 * disabled" while that track is hidden or disabled (the PATCH that would show the edit
 * is refused with the same words); for any track, the DJ edits made of it (GET
 * …/dj-edit/). Admin and content ops working in the DJ store make a new one (POST
 * …/dj-edit/, WRITE_RULES.djEdits); the tab is read-only for everyone else.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, App, Button, Descriptions, Empty, Form, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { can, WRITE_RULES } from '../../../shared/access';
import { DjEditBody, type ListRow, type ObjectRow } from '../../../shared/api/endpoints';
import { MSG } from '../../../shared/messages';
import { DJ_EDIT_ITEMS, DJ_EDIT_MIX_NAME, recordRoute } from '../../../shared/records';
import { encodeStatusTag } from '../../../shared/search/status';
import { saveFailedText } from '../../lib/http-errors';
import { principalAtom } from '../../lib/store';
import { ListSkeleton } from '../../ui/ListState';
import { TONE_COLOR } from '../../ui/tones';
import { addDjEdit, recordKeys, recordQueries } from './api';
import { FieldInput } from './FieldInput';
import { LoadError, TAB_TABLE } from './tab-parts';
import type { RecordTabProps } from './tabs';

const text = (v: unknown) => (v == null ? '' : String(v));

/** Whether a DJ edit's parent keeps it from being shown (§4): the parent is hidden or disabled. */
export function parentBlocksShowing(parent: Readonly<Record<string, unknown>>): boolean {
  return parent.hidden === true || parent.enabled === false;
}

function EncodeTag({ status }: { status: unknown }) {
  const tag = encodeStatusTag(status);
  return <Tag color={TONE_COLOR[tag.tone]}>{tag.text}</Tag>;
}

function Source({ id }: { id: number }) {
  const q = useQuery(recordQueries.djEditSource(id));
  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;
  const parent = q.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={1} bordered title="Made From">
        <Descriptions.Item label="Track">
          <Link to={recordRoute('tracks', Number(parent.id)) ?? '#'} data-testid="dj-edit-source">
            {text(parent.title)}
          </Link>
        </Descriptions.Item>
        <Descriptions.Item label="Shown">
          {parent.hidden === true ? 'Hidden' : 'Shown'}, {parent.enabled === false ? 'disabled' : 'enabled'}
        </Descriptions.Item>
      </Descriptions>
      {parentBlocksShowing(parent) && <Alert type="warning" showIcon data-testid="dj-parent-hidden" title={MSG.djTrackParentHidden} />}
    </Space>
  );
}

function MakeDjEdit({ id, row }: { id: number; row: ObjectRow }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [mixName, setMixName] = useState(DJ_EDIT_MIX_NAME);
  const [problem, setProblem] = useState<string | null>(null);
  const make = useMutation({
    mutationFn: (body: Parameters<typeof addDjEdit>[1]) => addDjEdit(id, body),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: recordKeys.djEdits(id) });
      void message.success('DJ edit made');
      const to = recordRoute('tracks', Number(created.id));
      if (to) void navigate(to);
    },
  });
  const submit = () => {
    const r = DjEditBody.safeParse({ ...(title.trim() ? { title: title.trim() } : {}), mix_name: mixName.trim() || null });
    if (!r.success) {
      setProblem(r.error.issues[0]!.message);
      return;
    }
    setProblem(null);
    make.mutate(r.data);
  };
  return (
    <Form layout="vertical" onFinish={submit} className="dj-edit-form" data-testid="make-dj-edit">
      <Typography.Title level={2} className="dj-edit-form__title">
        Make a DJ Edit
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        The new track copies this one&apos;s credits, genre, key and BPM, and starts hidden and disabled until its audio is encoded.
      </Typography.Paragraph>
      <Form.Item label={DJ_EDIT_ITEMS.fields.title.label} htmlFor="dj-edit-title">
        <FieldInput
          id="dj-edit-title"
          field={DJ_EDIT_ITEMS.fields.title}
          value={title}
          values={{ title, mix_name: mixName }}
          placeholder={text(row.title)}
          onChange={(v) => setTitle(String(v ?? ''))}
        />
      </Form.Item>
      <Form.Item label={DJ_EDIT_ITEMS.fields.mix_name.label} htmlFor="dj-edit-mix">
        <FieldInput
          id="dj-edit-mix"
          field={DJ_EDIT_ITEMS.fields.mix_name}
          value={mixName}
          values={{ title, mix_name: mixName }}
          onChange={(v) => setMixName(String(v ?? ''))}
        />
      </Form.Item>
      {(problem || make.isError) && (
        <Alert
          type="error"
          showIcon
          data-testid="dj-edit-error"
          title={problem ?? saveFailedText('track', make.error)}
          style={{ marginBottom: 12 }}
        />
      )}
      <Button type="primary" htmlType="submit" loading={make.isPending}>
        Make DJ Edit
      </Button>
    </Form>
  );
}

export default function TrackDjEditsTab({ id, row }: RecordTabProps) {
  const principal = useAtomValue(principalAtom);
  const isDjEdit = row.is_dj_edit === true;
  const mayMake = !isDjEdit && can(principal, WRITE_RULES.djEdits);
  const edits = useQuery(recordQueries.djEdits(id));

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="dj-edits-tab">
      {isDjEdit && <Source id={id} />}
      {edits.isPending ? (
        <ListSkeleton />
      ) : edits.isError ? (
        <LoadError error={edits.error} onRetry={edits.refetch} />
      ) : edits.data.results.length === 0 ? (
        <Empty description="No DJ edits have been made of this track" />
      ) : (
        <Table<ListRow>
          data-testid="dj-edits"
          {...TAB_TABLE}
          dataSource={edits.data.results}
          columns={[
            {
              key: 'title',
              title: 'Title',
              render: (_, r) => <Link to={recordRoute('tracks', Number(r.id)) ?? '#'}>{text(r.title)}</Link>,
            },
            { key: 'mix', title: 'Mix Name', render: (_, r) => text(r.mix_name) },
            { key: 'encode', title: 'Encode Status', render: (_, r) => <EncodeTag status={r.encode_status} /> },
          ]}
        />
      )}
      {mayMake && <MakeDjEdit id={id} row={row} />}
    </Space>
  );
}
