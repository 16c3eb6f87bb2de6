/**
 * A coupon's Users tab (spec §3, issue 16): how many users the coupon is for (global when
 * none), and a CSV upload of more. The user picks the file (native dialog, or main's
 * folder browser in the browser host); main streams it to the API. A file without a
 * person_id or user_id heading, one that does not parse, and rows naming no user (with
 * their line numbers) are shown in danger style; nothing is applied then.
 */
import { useState } from 'react';
import { Alert, App, Button, Space, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CsvUnknownRow } from '../../../shared/api/endpoints/coupons';
import { MSG } from '../../../shared/messages';
import { bridge } from '../../lib/bridge';
import { isUploadRefusal } from '../../lib/upload-errors';
import { MessageText } from '../../ui/MessageText';
import { useFilePick } from '../../ui/files/image-pick';
import { recordKeys } from '../records/api';
import { useMayWrite } from '../records/tab-parts';
import type { RecordTabProps } from '../records/tabs';

/**
 * What a failed CSV upload says. A refusal (the API's 4xx, main's refusal of the picked
 * file): the API's messages for the file and the rows it names, main's own words, else
 * the spec's CSV message. Any other failure (unreachable, 5xx, bridge): §8's "Upload
 * failed. Please try again.".
 */
export function csvUploadError(error: unknown): { message: string; rows: CsvUnknownRow[] } {
  if (!isUploadRefusal(error)) return { message: MSG.uploadFailed, rows: [] };
  if (error.status === undefined) return { message: error.message || MSG.csvUpload, rows: [] };
  const detail = error.detail;
  const file = detail && typeof detail === 'object' && 'file' in detail ? (detail as { file: unknown }).file : undefined;
  const rows =
    detail && typeof detail === 'object' && 'unknown_rows' in detail
      ? CsvUnknownRow.array().safeParse((detail as { unknown_rows: unknown }).unknown_rows)
      : null;
  const message = Array.isArray(file) && file.length && file.every((m) => typeof m === 'string') ? file.join(' ') : MSG.csvUpload;
  return { message, rows: rows?.success ? rows.data : [] };
}

/**
 * Picking a CSV file to upload: the native dialog, or main's folder browser in the browser
 * host. `pick()` opens it; `browser` is the folder browser to render; `onPicked` gets the path.
 */
export function useCsvPick(onPicked: (path: string) => void) {
  return useFilePick({ kind: 'csv', show: 'csv', title: 'Choose a CSV file' }, onPicked);
}

/** A refused CSV upload in danger style: the API's message and the rows naming no user, by line. */
export function CsvRefusal({ refused, testId }: { refused: ReturnType<typeof csvUploadError>; testId: string }) {
  return (
    <Alert
      type="error"
      showIcon
      data-testid={testId}
      title={<MessageText text={refused.message} />}
      description={
        refused.rows.length ? (
          <ul className="csv-unknown-rows">
            {refused.rows.map((r) => (
              <li key={r.line}>
                Line {r.line}: {r.value || '(empty)'}
              </li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}

export default function CouponUsersTab({ id, row }: RecordTabProps) {
  const mayWrite = useMayWrite('coupons');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  // The count the last upload answered (the page's record is reloaded behind it).
  const [total, setTotal] = useState<number | null>(null);
  const upload = useMutation({
    mutationFn: (path: string) => bridge.couponUsersUpload({ couponId: id, path }),
    onSuccess: async (r) => {
      setTotal(r.total);
      await queryClient.invalidateQueries({ queryKey: recordKeys.one('coupons', id) });
      void message.success(`${r.rows} rows read: ${r.added} users added, ${r.total} in all`);
    },
  });
  const csv = useCsvPick((p) => upload.mutate(p));
  const pick = async () => {
    upload.reset();
    await csv.pick();
  };
  const count = total ?? (Array.isArray(row.user_ids) ? row.user_ids.length : 0);
  const refused = upload.isError ? csvUploadError(upload.error) : null;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="coupon-users-tab">
      <Typography.Paragraph data-testid="coupon-users-count">
        {count ? `This coupon is for ${count} user${count > 1 ? 's' : ''}.` : 'This coupon is global: it is for every user.'}
      </Typography.Paragraph>
      {mayWrite && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            A CSV file with a column headed person_id or user_id; its users are added to the coupon.
          </Typography.Text>
          <Button icon={<UploadOutlined />} loading={upload.isPending} onClick={() => void pick()}>
            Upload users CSV…
          </Button>
          {refused && <CsvRefusal refused={refused} testId="coupon-users-error" />}
        </Space>
      )}
      {csv.browser}
    </Space>
  );
}
