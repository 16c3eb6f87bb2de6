/**
 * A supplier's "SFTP users" tab (§7 content-ops ftp-users, issue 15): the accounts the
 * supplier delivers packages with on the SFTP drop server. Admin and content ops
 * (WRITE_RULES.ftpUsers) add users, disable or enable them, reset a password (shown
 * once, like the ingester key) and add or remove public keys. Others see who manages them.
 */
import { useState } from 'react';
import { Alert, Button, Empty, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WRITE_RULES, can } from '../../../shared/access';
import { ftpUserEndpoints, type FtpUser, type FtpUserWithPassword } from '../../../shared/api/endpoints';
import { fetchData } from '../../lib/api';
import { bodyErrorText } from '../../lib/http-errors';
import { principalAtom } from '../../lib/store';
import { confirm } from '../../ui/confirm';
import { ListSkeleton } from '../../ui/ListState';
import { recordKeys } from './api';
import { LoadError, TAB_TABLE } from './tab-parts';
import type { RecordTabProps } from './tabs';
import { formatDate } from '../../../shared/format';

export default function SupplierSftpUsersTab({ id }: RecordTabProps) {
  const principal = useAtomValue(principalAtom);
  const mayManage = can(principal, WRITE_RULES.ftpUsers);
  if (!mayManage) {
    return (
      <Alert
        type="info"
        showIcon
        title="SFTP users are managed by the store's content operations team."
        data-testid="supplier-sftp-users"
      />
    );
  }
  return <SftpUsers supplierId={id} />;
}

function SftpUsers({ supplierId }: { supplierId: number }) {
  const queryClient = useQueryClient();
  const key = [...recordKeys.one('suppliers', supplierId), 'ftp-users'];
  const q = useQuery({ queryKey: key, queryFn: () => fetchData(ftpUserEndpoints.list, { query: { supplier_id: supplierId } }) });
  const [username, setUsername] = useState('');
  const [shown, setShown] = useState<FtpUserWithPassword | null>(null);
  const [keyFor, setKeyFor] = useState<FtpUser | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });

  const create = useMutation({
    mutationFn: () => fetchData(ftpUserEndpoints.create, { body: { supplier_id: supplierId, username: username.trim() } }),
    onSuccess: (u) => {
      setShown(u);
      setUsername('');
      refresh();
    },
  });
  const toggle = useMutation({
    mutationFn: (u: FtpUser) => fetchData(ftpUserEndpoints.patch, { params: { id: u.id }, body: { enabled: !u.enabled } }),
    onSuccess: refresh,
  });
  const reset = useMutation({
    mutationFn: (u: FtpUser) => fetchData(ftpUserEndpoints.resetPassword, { params: { id: u.id } }),
    onSuccess: (u) => {
      setShown(u);
      refresh();
    },
  });
  const removeKey = useMutation({
    mutationFn: (a: { user: number; key: number }) => fetchData(ftpUserEndpoints.removeKey, { params: { id: a.user, key_id: a.key } }),
    onSuccess: refresh,
  });
  const failed = [create, toggle, reset, removeKey].find((m) => m.isError);

  const askReset = async (u: FtpUser) => {
    if (await confirm({ message: `The current password of ${u.username} stops working at once. Reset it?`, theme: 'proceed' }))
      reset.mutate(u);
  };
  const askRemoveKey = async (u: FtpUser, k: FtpUser['keys'][number]) => {
    if (await confirm({ message: `Remove the key ${k.fingerprint} from ${u.username}?`, theme: 'delete' }))
      removeKey.mutate({ user: u.id, key: k.id });
  };

  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;
  return (
    <div data-testid="supplier-sftp-users">
      {shown && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          closable
          onClose={() => setShown(null)}
          title={`Copy the password of ${shown.username} now: it is shown only once.`}
          description={
            <Typography.Text code copyable data-testid="sftp-password">
              {shown.password}
            </Typography.Text>
          }
        />
      )}
      {failed && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={bodyErrorText(failed.error)} />}
      <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }} onFinish={() => create.mutate()}>
        <Form.Item label="New SFTP user" htmlFor="sftp-new-username">
          <Input
            id="sftp-new-username"
            value={username}
            autoComplete="off"
            onChange={(e) => setUsername(e.target.value)}
            placeholder="user name"
          />
        </Form.Item>
        <Button htmlType="submit" icon={<PlusOutlined />} loading={create.isPending} disabled={!username.trim()}>
          Add SFTP user
        </Button>
      </Form>
      {q.data.results.length === 0 ? (
        <Empty description='No SFTP users yet. Add one with "Add SFTP user".' />
      ) : (
        <Table<FtpUser>
          {...TAB_TABLE}
          dataSource={q.data.results}
          columns={[
            { key: 'username', title: 'Username', render: (_, u) => <Typography.Text code>{u.username}</Typography.Text> },
            { key: 'enabled', title: 'Status', render: (_, u) => (u.enabled ? <Tag color="green">Enabled</Tag> : <Tag>Disabled</Tag>) },
            { key: 'password', title: 'Password', render: (_, u) => (u.has_password ? 'Set' : 'None') },
            {
              key: 'keys',
              title: 'Public keys',
              render: (_, u) => (
                <Space direction="vertical" size={4}>
                  {u.keys.map((k) => (
                    <Space key={k.id} size={4} wrap>
                      <Typography.Text code>{k.algorithm}</Typography.Text>
                      <span>{k.fingerprint}</span>
                      {k.comment && <Typography.Text type="secondary">{k.comment}</Typography.Text>}
                      <Button size="small" type="link" danger onClick={() => void askRemoveKey(u, k)}>
                        Remove<span className="sr-only"> key {k.fingerprint}</span>
                      </Button>
                    </Space>
                  ))}
                  <Button size="small" icon={<KeyOutlined />} onClick={() => setKeyFor(u)}>
                    Add key<span className="sr-only"> for {u.username}</span>
                  </Button>
                </Space>
              ),
            },
            { key: 'created', title: 'Created', render: (_, u) => formatDate(new Date(u.created_at)) },
            {
              key: 'actions',
              title: 'Actions',
              render: (_, u) => (
                <Space wrap>
                  <Button size="small" onClick={() => toggle.mutate(u)}>
                    {u.enabled ? 'Disable' : 'Enable'}
                    <span className="sr-only"> {u.username}</span>
                  </Button>
                  <Button size="small" onClick={() => void askReset(u)}>
                    Reset password<span className="sr-only"> of {u.username}</span>
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      )}
      {keyFor && <AddKeyDialog user={keyFor} onClose={() => setKeyFor(null)} onAdded={refresh} />}
    </div>
  );
}

function AddKeyDialog({ user, onClose, onAdded }: { user: FtpUser; onClose: () => void; onAdded: () => void }) {
  const [text, setText] = useState('');
  const add = useMutation({
    mutationFn: () => fetchData(ftpUserEndpoints.addKey, { params: { id: user.id }, body: { public_key: text.trim() } }),
    onSuccess: () => {
      onAdded();
      onClose();
    },
  });
  return (
    <Modal
      open
      title={`Add a public key for ${user.username}`}
      okText="Add key"
      onOk={() => add.mutate()}
      onCancel={onClose}
      okButtonProps={{ disabled: !text.trim(), loading: add.isPending }}
    >
      <Form layout="vertical">
        <Form.Item
          label="Public key (one line, as in authorized_keys)"
          htmlFor="sftp-public-key"
          validateStatus={add.isError ? 'error' : undefined}
          help={add.isError ? bodyErrorText(add.error) : undefined}
        >
          <Input.TextArea
            id="sftp-public-key"
            rows={4}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="ssh-ed25519 AAAA… name"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
