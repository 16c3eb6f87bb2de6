/**
 * /support/bulk-credits (spec §7 Accounts "credits POST bulk", issue 16): the same credit
 * (amount, currency and reason required, §5) to every user of a CSV file with a column
 * headed person_id or user_id, as the coupon users upload takes it: main streams the
 * picked file to the API. All or nothing: a wrong heading, a file that does not parse and
 * rows naming no user (by line) are shown in danger style and nobody is credited. One
 * Idempotency-Key per submission, kept while it is retried, so a retry never credits twice.
 */
import { useRef, useState } from 'react';
import { Alert, App, Button, Form, Space, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { bridge } from '../../lib/bridge';
import { PageHeader } from '../../ui/PageHeader';
import { CsvRefusal, csvUploadError, useCsvPick } from './CouponUsersTab';
import { CreditDraftFields, creditFromDraft, type Draft } from './UserCreditsTab';
import { formatCount, formatMoney } from '../../../shared/format';

export default function BulkCreditsPage() {
  const { message } = App.useApp();
  const [draft, setDraft] = useState<Draft>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const key = useRef(crypto.randomUUID());
  const upload = useMutation({
    mutationFn: ({ path, credit }: { path: string; credit: { amount: number; currency: string; reason_id: number } }) =>
      bridge.creditsBulkUpload({ path, ...credit, idempotencyKey: key.current }),
    onSuccess: (r) => {
      key.current = crypto.randomUUID();
      setDraft({});
      void message.success(`Credited ${formatCount(r.count, 'user')} ${formatMoney(r.amount, r.currency)} each`);
    },
  });
  const credit = () => {
    const r = creditFromDraft(draft);
    if ('errors' in r) {
      setErrors(r.errors);
      return null;
    }
    setErrors({});
    return r.body;
  };
  const send = (path: string) => {
    const c = credit();
    if (c) upload.mutate({ path, credit: c });
  };
  const csv = useCsvPick(send);
  const pick = async () => {
    upload.reset();
    if (credit()) await csv.pick();
  };
  const refused = upload.isError ? csvUploadError(upload.error) : null;

  return (
    <div className="page" data-testid="bulk-credits">
      <PageHeader title="Bulk Credits" subtitle="The same credit to every user of a CSV file with a column headed person_id or user_id." />
      <Form layout="vertical" component="div" disabled={upload.isPending}>
        <CreditDraftFields
          draft={draft}
          errors={errors}
          onChange={(d) => {
            key.current = crypto.randomUUID();
            setDraft(d);
          }}
        />
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">Nobody is credited unless every row names a user.</Typography.Text>
          <Button
            type="primary"
            icon={<UploadOutlined />}
            loading={upload.isPending}
            onClick={() => void pick()}
            data-testid="bulk-credits-upload"
          >
            Choose users CSV and credit…
          </Button>
          {upload.isSuccess && (
            <Alert
              type="success"
              showIcon
              data-testid="bulk-credits-done"
              title={`Credited ${formatCount(upload.data.count, 'user')} ${formatMoney(upload.data.amount, upload.data.currency)} each.`}
            />
          )}
          {refused && <CsvRefusal refused={refused} testId="bulk-credits-error" />}
        </Space>
      </Form>
      {csv.browser}
    </div>
  );
}
