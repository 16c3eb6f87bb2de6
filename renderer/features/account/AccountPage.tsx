/**
 * /account: the signed-in user's profile (with the console display name, kept in the
 * auth view state through UPDATE_USER) and this device's session.
 */
import { useState } from 'react';
import { App, Button, Card, Col, Descriptions, Form, Input, Row, Space, Tag } from 'antd';
import { useAtom } from 'jotai';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { parseScope } from '../../../shared/access';
import { authAtom } from '../../lib/store';
import { systemQueries } from '../../lib/system-queries';
import { PageHeader } from '../../ui/PageHeader';
import { useUnsavedChanges } from '../../ui/useUnsavedChanges';
import { brandName } from '../../app/layout/BrandSwitch';
import { accountQueries } from './api';

export default function AccountPage() {
  const [auth, dispatch] = useAtom(authAtom);
  const { message } = App.useApp();
  const user = auth.user;
  const saved = user?.displayName ?? '';
  const [displayName, setDisplayName] = useState(saved);
  const dirty = displayName !== saved;
  useUnsavedChanges(dirty);
  const { data: info } = useQuery(systemQueries.info());
  // The screen's own data: a failure here is the screen's ERROR state (error screen, logged).
  const { data: session } = useSuspenseQuery(accountQueries.session());
  if (!user) return null;

  const save = () => {
    dispatch({ type: 'UPDATE_USER', user: { displayName: displayName.trim() || undefined } });
    void message.success('Profile saved');
  };

  return (
    <div className="page">
      <PageHeader title="Account" subtitle="Your profile and this session" />
      <Row gutter={[20, 20]}>
        <Col xs={24} lg={12}>
          <Card title="Profile">
            <Form layout="vertical" onFinish={save} data-testid="account-form">
              <Form.Item label="Username">
                <Input value={user.username} disabled />
              </Form.Item>
              <Form.Item label="Display name" extra="How the console greets you on this device.">
                <Input
                  value={displayName}
                  onChange={(e) => setDisplayName(e.target.value)}
                  placeholder={user.username}
                  maxLength={100}
                  data-testid="display-name"
                />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" disabled={!dirty} data-testid="save-profile">
                  Save
                </Button>
                <Button onClick={() => setDisplayName(saved)} disabled={!dirty}>
                  Discard changes
                </Button>
              </Space>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Session">
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label="Status">
                {session.active ? <Tag color="green">Active</Tag> : <Tag color="red">Inactive</Tag>}
              </Descriptions.Item>
              {session.exp !== undefined && (
                <Descriptions.Item label="Access token renews">{dayjs.unix(session.exp).format('MM/DD/YYYY HH:mm')} (automatically)</Descriptions.Item>
              )}
              <Descriptions.Item label="User id">{user.userId}</Descriptions.Item>
              <Descriptions.Item label="Active brand">{brandName(user.brand)}</Descriptions.Item>
              <Descriptions.Item label="Brands">{user.brands.map(brandName).join(', ') || '—'}</Descriptions.Item>
              <Descriptions.Item label="Scopes">
                <Space size={[4, 4]} wrap>
                  {parseScope(user.scope).map((s) => <Tag key={s}>{s}</Tag>)}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label="Features">{user.features.length ? user.features.join(', ') : 'None'}</Descriptions.Item>
              {info && <Descriptions.Item label="Environment">{info.environment === 'sandbox' ? 'Sandbox' : 'Production'}</Descriptions.Item>}
              {info && <Descriptions.Item label="API host">{info.apiUrl}</Descriptions.Item>}
              {info && <Descriptions.Item label="Running in">{info.transport === 'electron' ? 'Desktop app' : 'Browser host'} · v{info.version}</Descriptions.Item>}
            </Descriptions>
            <p className="muted account__note">Tokens are kept in this computer's keychain by the app; they are never shown here.</p>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
