/** /resources: the areas of the console this user may open, from the resources list; their route paths for staff, under Technical details. */
import { Card, Col, Descriptions, Row } from 'antd';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { principalAtom } from '../../lib/store';
import { navSections } from '../../lib/navigation';
import { PageHeader } from '../../ui/PageHeader';
import { TechnicalDetails } from '../../ui/TechnicalDetails';

export default function ResourcesPage() {
  const principal = useAtomValue(principalAtom);
  const sections = navSections(principal);
  return (
    <div className="page">
      <PageHeader title="Resources" subtitle="Every area of the console available to you" />
      {sections.map((section) => (
        <section key={section.group} className="resources__section">
          <h2 className="resources__group">{section.group}</h2>
          <Row gutter={[16, 16]}>
            {section.items.map((r) => (
              <Col key={r.path} xs={24} sm={12} lg={8} xl={6}>
                <Link to={r.path}>
                  <Card hoverable size="small" className="resources__card">
                    <span className="resources__icon">{r.icon}</span>
                    <span className="resources__label">{r.label}</span>
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        </section>
      ))}
      <TechnicalDetails>
        <Descriptions column={1} size="small" bordered data-testid="route-paths">
          {sections
            .flatMap((s) => s.items)
            .map((r) => (
              <Descriptions.Item key={r.path} label={r.label}>
                <code>{r.path}</code>
              </Descriptions.Item>
            ))}
        </Descriptions>
      </TechnicalDetails>
    </div>
  );
}
