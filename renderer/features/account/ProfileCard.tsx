/** The editable profile: saved on the server (PATCH with If-Match), then shown in the shell through UPDATE_USER. */
import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Space } from 'antd';
import { useSetAtom } from 'jotai';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ME_NAME_MAX, type MeProfile } from '../../../shared/api/me';
import type { ApiResult } from '../../lib/api';
import { saveFailedText } from '../../lib/http-errors';
import { authAtom } from '../../lib/store';
import { useUnsavedChanges } from '../../ui/useUnsavedChanges';
import { accountKeys, saveProfile } from './api';

export function ProfileCard({ me, etag }: { me: MeProfile; etag: string | undefined }) {
  const dispatch = useSetAtom(authAtom);
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const saved = me.display_name ?? '';
  const [displayName, setDisplayName] = useState(saved);
  const dirty = displayName !== saved;
  useUnsavedChanges(dirty);

  const save = useMutation({
    mutationFn: () => saveProfile({ display_name: displayName.trim() || null }, etag),
    onSuccess: (res) => {
      queryClient.setQueryData<ApiResult<MeProfile>>(accountKeys.me(), res);
      const next = res.data.display_name ?? '';
      setDisplayName(next);
      dispatch({ type: 'UPDATE_USER', user: { displayName: next || undefined } });
      void message.success('Profile saved');
    },
  });

  return (
    <Card title="Profile">
      <Form layout="vertical" onFinish={() => save.mutate()} data-testid="account-form">
        {/* Fields without a form name: each label names its input by id. */}
        <Form.Item label="Username" htmlFor="profile-username">
          <Input id="profile-username" value={me.username} disabled />
        </Form.Item>
        <Form.Item label="Display name" extra="How the console greets you." htmlFor="profile-display-name">
          <Input
            id="profile-display-name"
            value={displayName}
            onChange={(e) => setDisplayName(e.target.value)}
            placeholder={me.username}
            maxLength={ME_NAME_MAX.display_name}
            data-testid="display-name"
          />
        </Form.Item>
        {save.error && (
          <Form.Item>
            <Alert type="error" showIcon message={saveFailedText('user', save.error)} data-testid="profile-error" />
          </Form.Item>
        )}
        <Space>
          <Button type="primary" htmlType="submit" disabled={!dirty} loading={save.isPending} data-testid="save-profile">
            Save
          </Button>
          <Button onClick={() => setDisplayName(saved)} disabled={!dirty}>
            Discard changes
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
