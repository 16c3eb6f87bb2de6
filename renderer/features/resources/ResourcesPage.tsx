/** /resources: the areas of the console this user may open, from the resources list. */
import { Card, Col, Row } from 'antd';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { principalAtom } from '../../lib/store';
import { navSections } from '../../lib/navigation';
import { PageHeader } from '../../ui/PageHeader';

export default function ResourcesPage() {
  const principal = useAtomValue(principalAtom);
  return (
    <div className="page">
      <PageHeader title="Resources" subtitle="Every area of the console available to you" />
      {navSections(principal).map((section) => (
        <section key={section.group} className="resources__section">
          <h2 className="resources__group">{section.group}</h2>
          <Row gutter={[16, 16]}>
            {section.items.map((r) => (
              <Col key={r.path} xs={24} sm={12} lg={8} xl={6}>
                <Link to={r.path}>
                  <Card hoverable size="small" className="resources__card">
                    <span className="resources__icon">{r.icon}</span>
                    <span className="resources__text">
                      <span className="resources__label">{r.label}</span>
                      <span className="resources__path">{r.path}</span>
                    </span>
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        </section>
      ))}
    </div>
  );
}
