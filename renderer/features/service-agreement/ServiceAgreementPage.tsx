/**
 * /service-agreement (Baseware suppliers only): the agreement in force, read to the end
 * (the accept button waits until the text has been scrolled through) and accepted
 * explicitly; then back to where the supplier was going. AgreementGuard (app/guards.tsx)
 * sends a supplier here until it has accepted the version in force.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { meEndpoints, serviceAgreementEndpoints, type ServiceAgreement } from '../../../shared/api/endpoints';
import { fetchData } from '../../lib/api';
import { errorText } from '../../lib/http-errors';
import { Loading } from '../../ui/Loading';
import { AuthFrame } from '../../ui/AuthFrame';
import { agreementQuery } from './api';
import { formatDateTime } from '../../../shared/format';

/** Whether a scrolled box shows its end (a couple of pixels of rounding allowed). */
const atEnd = (el: HTMLElement) => el.scrollTop + el.clientHeight >= el.scrollHeight - 2;

export default function ServiceAgreementPage() {
  const q = useQuery(agreementQuery);
  return (
    <AuthFrame>
      <Card className="auth-card agreement-card" variant="borderless">
        <Typography.Title level={1} className="auth-card__title">
          {q.data?.title ?? 'Service agreement'}
        </Typography.Title>
        {q.isPending && <Loading />}
        {q.isError && <Alert type="error" showIcon title={errorText(q.error)} data-testid="agreement-error" />}
        {q.data && <Agreement agreement={q.data} />}
      </Card>
    </AuthFrame>
  );
}

function Agreement({ agreement }: { agreement: ServiceAgreement }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const from = (location.state as { from?: string } | null)?.from ?? '/';
  const box = useRef<HTMLDivElement>(null);
  const [read, setRead] = useState(false);
  const onScroll = useCallback(() => {
    if (box.current && atEnd(box.current)) setRead(true);
  }, []);
  // A text short enough to show whole needs no scrolling.
  useEffect(onScroll, [onScroll]);
  const accept = useMutation({
    mutationFn: async () => {
      const supplier = await fetchData(meEndpoints.mySupplier, {});
      return fetchData(serviceAgreementEndpoints.accept, { params: { id: supplier.id }, body: { version: agreement.version } });
    },
    onSuccess: (a) => {
      queryClient.setQueryData(agreementQuery.queryKey, { ...agreement, accepted_at: a.accepted_at });
      void navigate(from === '/service-agreement' ? '/' : from, { replace: true });
    },
  });
  return (
    <>
      <Typography.Paragraph type="secondary">Version {agreement.version}</Typography.Paragraph>
      <div
        ref={box}
        className="agreement-text"
        tabIndex={0}
        role="region"
        aria-label="Agreement text"
        onScroll={onScroll}
        data-testid="agreement-text"
      >
        {agreement.sections.map((s, i) => (
          <p key={i}>{`${i + 1}. ${s}`}</p>
        ))}
      </div>
      {agreement.accepted_at ? (
        <>
          <Alert
            type="success"
            showIcon
            data-testid="agreement-accepted"
            title={`You accepted this version on ${formatDateTime(agreement.accepted_at)}.`}
          />
          <p className="center">
            <Link to="/">Back to the console</Link>
          </p>
        </>
      ) : (
        <>
          {!read && (
            <Typography.Paragraph type="secondary" data-testid="agreement-scroll-hint">
              Scroll to the end of the agreement to accept it.
            </Typography.Paragraph>
          )}
          {accept.isError && (
            <Alert
              type="error"
              showIcon
              title={errorText(accept.error)}
              className="auth-card__alert"
              data-testid="agreement-accept-error"
            />
          )}
          <Button
            type="primary"
            block
            disabled={!read}
            loading={accept.isPending}
            onClick={() => accept.mutate()}
            data-testid="agreement-accept"
          >
            I accept the service agreement
          </Button>
          <p className="center">
            <Link to="/logout">Sign out</Link>
          </p>
        </>
      )}
    </>
  );
}
