/**
 * /help: how the console works, its keyboard shortcuts, and how to reach product support. In the sandbox only,
 * a diagnostics card asks the sandbox API for a real server error
 * (GET /v4/sandbox/status/500/), which shows the error screen exactly as any failed
 * screen does.
 */
import { useState } from 'react';
import { Button, Card, Col, Row, Typography } from 'antd';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { LOGGED_TEXT } from '../../../shared/messages';
import { UI_TEXT } from '../../../shared/ui-texts';
import { sandboxEndpoints } from '../../../shared/api/endpoints/sandbox';
import { endpointQuery } from '../../lib/api';
import { systemQueries } from '../../lib/system-queries';
import { PageHeader } from '../../ui/PageHeader';
import { SHORTCUTS } from '../../lib/shortcuts';
import './help.css';

/** Loads the sandbox fault route as the screen's own data: its failure is the screen's error. */
function SandboxServerError() {
  useSuspenseQuery({ ...endpointQuery(sandboxEndpoints.status, { params: { code: 500 } }), retry: false, gcTime: 0 });
  return null;
}

export default function HelpPage() {
  const { data: info } = useQuery(systemQueries.info());
  const [fault, setFault] = useState(false);
  return (
    <div className="page">
      <PageHeader title="Help" subtitle={`Getting around the ${UI_TEXT.productName}`} />
      <Row gutter={[20, 20]}>
        <Col xs={24} lg={12}>
          <Card title="Getting around">
            <Typography.Paragraph>
              The navigation on the left lists the areas your role may use; areas you cannot open are not shown. Use the search box in the
              header to look up any type you have access to.
            </Typography.Paragraph>
            <Typography.Paragraph>
              If you work for both stores, switch the active brand in the header: lists and permissions follow the brand you are working in.
            </Typography.Paragraph>
            <Typography.Paragraph>
              Unsaved changes are protected: leaving a form you have edited asks you to confirm first.
            </Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Keyboard shortcuts" id="shortcuts" data-testid="help-shortcuts">
            <Typography.Paragraph>
              The command palette goes to any area you may open, opens a record by type and id (“track 123”, “#45”), searches a type,
              switches the brand and exports the list on screen.
            </Typography.Paragraph>
            <dl className="help-shortcuts">
              {SHORTCUTS.map((s) => (
                <div key={s.keys}>
                  <dt>
                    <kbd>{s.keys}</kbd>
                  </dt>
                  <dd>{s.what}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Product support" id="product-support">
            <Typography.Paragraph>
              When the console shows “{LOGGED_TEXT}”, the error has already been reported with the page you were on and the time it
              happened; there is nothing else you need to send.
            </Typography.Paragraph>
            <Typography.Paragraph>
              To follow up, contact product support through your team's usual support channel and mention the time of the error and what you
              were doing.
            </Typography.Paragraph>
          </Card>
        </Col>
        {info?.environment === 'sandbox' && (
          <Col xs={24} lg={12}>
            <Card title="Sandbox diagnostics">
              <Typography.Paragraph>See how the console handles a server error: the sandbox API answers 500.</Typography.Paragraph>
              <Button onClick={() => setFault(true)} data-testid="sandbox-server-error">
                Show a server error
              </Button>
              {fault && <SandboxServerError />}
            </Card>
          </Col>
        )}
      </Row>
    </div>
  );
}
