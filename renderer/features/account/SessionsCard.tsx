/** The user's signed-in sessions (one per device); any can be ended, the current one signs out. */
import { App, Button, Card, Table, Tag } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { CONSOLE_CLIENT_ID } from '../../../shared/api/client';
import type { MeSession } from '../../../shared/api/me';
import { MSG } from '../../../shared/messages';
import { bodyErrorText } from '../../lib/http-errors';
import { confirm } from '../../ui/confirm';
import { accountKeys, endSession } from './api';
import { formatDateTime } from '../../../shared/format';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');
const deviceOf = (s: MeSession) => (s.client_id === CONSOLE_CLIENT_ID ? 'Back-office console' : s.client_id);

export function SessionsCard({ sessions }: { sessions: MeSession[] }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const end = useMutation({
    mutationFn: (s: MeSession) => endSession(s.id),
    onSuccess: (_void, s) => {
      if (s.current) {
        void navigate('/logout', { replace: true });
        return;
      }
      void message.success('Session ended');
      return queryClient.invalidateQueries({ queryKey: accountKeys.me() });
    },
    onError: (err) => void message.error(`${MSG.actionNotPerformed}: ${bodyErrorText(err)}`),
  });

  const ask = async (s: MeSession) => {
    const ok = await confirm({
      theme: 'delete',
      message: s.current
        ? 'End this session? You will be signed out.'
        : `End the session of ${deviceOf(s)} started ${when(s.started_at)}? That device will be signed out.`,
    });
    if (ok) end.mutate(s);
  };

  return (
    <Card title="Sessions">
      <Table<MeSession>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={sessions}
        scroll={{ x: true }}
        onRow={(s) => ({ 'data-testid': 'session-row', 'data-session-id': s.id }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: 'Device',
            key: 'device',
            render: (_v, s) => (
              <>
                {deviceOf(s)}{' '}
                {s.current && (
                  <Tag color="blue" data-testid="this-session">
                    this session
                  </Tag>
                )}
              </>
            ),
          },
          { title: 'Created', dataIndex: 'started_at', render: when },
          { title: 'Last used', dataIndex: 'last_used_at', render: when },
          {
            title: '',
            key: 'end',
            align: 'right',
            render: (_v, s) => (
              <Button
                danger
                size="small"
                loading={end.isPending && end.variables?.id === s.id}
                onClick={() => void ask(s)}
                data-testid="end-session"
              >
                End session
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
