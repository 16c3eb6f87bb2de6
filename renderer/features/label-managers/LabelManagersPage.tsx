/**
 * /label-manager (admin, label management): the label managers (spec §3 "name, id,
 * enabled") with the labels each manages, a new one added by name, a name changed, a
 * manager enabled or disabled, through the §7 content-ops label-managers calls. Which
 * manager a label has is set on the label's page.
 */
import { useState } from 'react';
import { Alert, App, Button, Card, Input, Modal, Space, Switch, Table } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { LabelManagerBody, labelManagerEndpoints as ep, type LabelManager } from '../../../shared/api/endpoints';
import { recordRoute } from '../../../shared/records';
import { call, fetchData } from '../../lib/api';
import { bodyErrorText } from '../../lib/http-errors';
import { ListEmpty, ListError, ListSkeleton } from '../../ui/ListState';
import { PageHeader } from '../../ui/PageHeader';
import './label-managers.css';
import { formatCount } from '../../../shared/format';

const KEY = ['label-managers'] as const;

/** A name as the API takes it, or its first problem. */
const nameError = (name: string) => {
  const r = LabelManagerBody.shape.name.safeParse(name);
  return r.success ? null : r.error.issues[0]!.message;
};

export default function LabelManagersPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: () => fetchData(ep.list, {}) });
  const [newName, setNewName] = useState('');
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const done = () => void queryClient.invalidateQueries({ queryKey: KEY });

  const create = useMutation({
    mutationFn: (name: string) => call(ep.create, { body: { name } }),
    onSuccess: (res) => {
      setNewName('');
      done();
      void message.success(`Label manager ${res.data.name} added`);
    },
  });
  const patch = useMutation({
    mutationFn: (v: { id: number; name?: string; enabled?: boolean }) =>
      call(ep.patch, { params: { id: v.id }, body: { name: v.name, enabled: v.enabled } }),
    onSuccess: () => {
      setRenaming(null);
      done();
    },
  });

  const add = () => {
    const e = nameError(newName);
    setFormError(e);
    if (!e) create.mutate(newName.trim());
  };
  const rename = () => {
    if (!renaming) return;
    const e = nameError(renaming.name);
    setFormError(e);
    if (!e) patch.mutate({ id: renaming.id, name: renaming.name.trim() });
  };
  const failure = create.error ?? patch.error;

  return (
    <div className="page label-managers-page" data-testid="label-managers-page">
      <PageHeader title="Label Managers" />
      <Card>
        <Space.Compact className="label-managers-add">
          <Input
            aria-label="New label manager name"
            placeholder="Name"
            value={newName}
            onChange={(e) => setNewName(e.target.value)}
            onPressEnter={add}
            status={formError && !renaming ? 'error' : undefined}
            data-testid="label-manager-name"
          />
          <Button type="primary" onClick={add} loading={create.isPending} data-testid="label-manager-add">
            Add label manager
          </Button>
        </Space.Compact>
        {formError && !renaming && <Alert type="error" showIcon title={formError} />}
        {failure != null && !renaming && <Alert type="error" showIcon data-testid="label-manager-error" title={bodyErrorText(failure)} />}
      </Card>
      {q.isPending ? (
        <ListSkeleton />
      ) : q.isError ? (
        <ListError error={q.error} onRetry={q.refetch} />
      ) : (
        <Table<LabelManager>
          className="label-managers-table"
          rowKey="id"
          size="small"
          tableLayout="fixed"
          pagination={false}
          dataSource={q.data.results}
          data-testid="label-managers"
          locale={{ emptyText: <ListEmpty description="No label managers yet. Add one with the form above." /> }}
          columns={[
            { title: 'Name', dataIndex: 'name', render: (v: string) => <span data-testid="label-manager-row-name">{v}</span> },
            {
              title: 'Enabled',
              dataIndex: 'enabled',
              render: (v: boolean, m) => (
                <Switch checked={v} aria-label={`${m.name} enabled`} onChange={(enabled) => patch.mutate({ id: m.id, enabled })} />
              ),
            },
            {
              title: 'Labels',
              key: 'labels',
              render: (_: unknown, m) =>
                m.label_count === 0 ? (
                  'None'
                ) : (
                  <details>
                    <summary>{formatCount(m.label_count, 'label')}</summary>
                    <ul className="label-managers-labels">
                      {m.labels.map((l) => (
                        <li key={l.id}>
                          <Link to={recordRoute('labels', l.id) ?? '/catalog'}>{l.name}</Link>
                        </li>
                      ))}
                      {m.label_count > m.labels.length && <li>and {m.label_count - m.labels.length} more</li>}
                    </ul>
                  </details>
                ),
            },
            {
              title: 'Change',
              key: 'edit',
              render: (_: unknown, m) => (
                <Button
                  size="small"
                  onClick={() => {
                    setFormError(null);
                    setRenaming({ id: m.id, name: m.name });
                  }}
                  aria-label={`Rename ${m.name}`}
                >
                  Rename
                </Button>
              ),
            },
          ]}
        />
      )}
      <Modal
        open={renaming !== null}
        title="Rename label manager"
        okText="Save"
        onOk={rename}
        confirmLoading={patch.isPending}
        onCancel={() => {
          setRenaming(null);
          patch.reset();
        }}
        destroyOnHidden
      >
        <Input
          aria-label="Label manager name"
          value={renaming?.name ?? ''}
          onChange={(e) => setRenaming((r) => (r ? { ...r, name: e.target.value } : r))}
          onPressEnter={rename}
          data-testid="label-manager-rename"
        />
        {formError && renaming && <Alert type="error" showIcon title={formError} />}
        {patch.error != null && renaming && (
          <Alert type="error" showIcon data-testid="label-manager-rename-error" title={bodyErrorText(patch.error)} />
        )}
      </Modal>
    </div>
  );
}
