/**
 * /new-user-export (spec §2, §5, §9): the users registered in a date range of at most two
 * days as CSV (GET /v4/accounts/new-users-csv/download/, which refuses a longer range too),
 * saved to disk by main (`exportStart`, kind `newUsers`): progress, cancel, and no partial file (main
 * writes a temporary file and renames it into place when complete).
 */
import { useState } from 'react';
import { Alert, DatePicker, Form, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { PageHeader } from '../../ui/PageHeader';
import { bridge } from '../../lib/bridge';
import { ExportButton } from '../search/ExportButton';
import { NEW_USER_EXPORT_DAYS, newUserRangeError } from './new-user-export';

/** Dates as the API takes them (spec §5). */
const DATE_WIRE = 'YYYY-MM-DD';

export default function NewUserExportPage() {
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const from = range?.[0]?.format(DATE_WIRE) ?? null;
  const to = range?.[1]?.format(DATE_WIRE) ?? null;
  const error = range ? newUserRangeError(from, to) : null;
  return (
    <div data-testid="new-user-export">
      <PageHeader title="New-User Export" subtitle={`Users registered in a date range of at most ${NEW_USER_EXPORT_DAYS} days, as CSV.`} />
      <Form layout="vertical" component="div">
        <Form.Item label="Registration dates" htmlFor="new-user-range" validateStatus={error ? 'error' : undefined} help={error}>
          <DatePicker.RangePicker
            id={{ start: 'new-user-range', end: 'new-user-range-end' }}
            value={range}
            onChange={(v) => setRange(v)}
            allowEmpty={[false, false]}
            format="MM/DD/YYYY"
          />
        </Form.Item>
        <Space direction="vertical">
          {from && to && !error ? (
            <ExportButton label="Export new users" start={() => bridge.exportStart({ kind: 'newUsers', from, to })} />
          ) : (
            <Typography.Text type="secondary">Choose the dates to export.</Typography.Text>
          )}
          {error && <Alert type="error" showIcon message={error} data-testid="new-user-range-error" />}
        </Space>
      </Form>
    </div>
  );
}
