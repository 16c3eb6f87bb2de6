/**
 * /account: the signed-in user's profile (saved on the server), their sessions on
 * every device, and this one's details (its scopes, features and the API host for staff
 * only, under Technical details).
 */
import { Card, Col, Descriptions, Row, Space, Tag } from 'antd';
import { useAtomValue } from 'jotai';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { parseScope } from '../../../shared/access';
import { brandName } from '../../lib/brands';
import { authAtom } from '../../lib/store';
import { systemQueries } from '../../lib/system-queries';
import { PageHeader } from '../../ui/PageHeader';
import { TechnicalDetails } from '../../ui/TechnicalDetails';
import { accountQueries } from './api';
import { ProfileCard } from './ProfileCard';
import { SessionsCard } from './SessionsCard';

export default function AccountPage() {
  const user = useAtomValue(authAtom).user;
  const { data: info } = useQuery(systemQueries.info());
  // The screen's own data: a failure here is the screen's ERROR state (error screen, logged).
  const { data: me } = useSuspenseQuery(accountQueries.me());
  if (!user) return null;

  return (
    <div className="page">
      <PageHeader title="Account" subtitle="Your profile and sessions" />
      <Row gutter={[20, 20]}>
        <Col xs={24} lg={12}>
          <ProfileCard me={me.data} etag={me.etag} />
        </Col>
        <Col xs={24} lg={12}>
          <Card title="This session">
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label="User id">{user.userId}</Descriptions.Item>
              <Descriptions.Item label="Active brand">{brandName(user.brand)}</Descriptions.Item>
              <Descriptions.Item label="Brands">{user.brands.map(brandName).join(', ') || '—'}</Descriptions.Item>
              {info && (
                <Descriptions.Item label="Environment">{info.environment === 'sandbox' ? 'Sandbox' : 'Production'}</Descriptions.Item>
              )}
            </Descriptions>
            <p className="muted account__note">Tokens are kept in this computer's keychain by the app; they are never shown here.</p>
            <TechnicalDetails>
              <Descriptions column={1} size="small" bordered>
                <Descriptions.Item label="Scopes">
                  <Space size={[4, 4]} wrap>
                    {parseScope(user.scope).map((s) => (
                      <Tag key={s}>{s}</Tag>
                    ))}
                  </Space>
                </Descriptions.Item>
                <Descriptions.Item label="Features">{user.features.length ? user.features.join(', ') : 'None'}</Descriptions.Item>
                {info && <Descriptions.Item label="API host">{info.apiUrl}</Descriptions.Item>}
                {info && (
                  <Descriptions.Item label="Running in">
                    {info.transport === 'electron' ? 'Desktop app' : 'Browser host'} · v{info.version}
                  </Descriptions.Item>
                )}
              </Descriptions>
            </TechnicalDetails>
          </Card>
        </Col>
        <Col xs={24}>
          <SessionsCard sessions={me.data.sessions} />
        </Col>
      </Row>
    </div>
  );
}
