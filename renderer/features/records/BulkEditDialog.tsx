/**
 * Bulk edit with preview (PATCH /tracks/bulk/): pick fields and the value each takes
 * on every selected track; the preview shows before → after for every row and which
 * rows would be refused, and why, before anything is written; apply is all or
 * nothing. Refused rows can be left out, and rows changed since they were selected
 * can take their current version, before previewing again.
 */
import { useMemo, useState } from 'react';
import { Alert, App, Button, Form, Modal, Select, Space, Table, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { BridgeError } from '../../../shared/bridge/error';
import { BulkEditReport, type BulkRefusal, type BulkRow, type BulkRowReport } from '../../../shared/api/endpoints';
import { RECORDS, recordRoute, type RecordDecl } from '../../../shared/records';
import { cellText, columnsOf } from '../../../shared/search';
import { saveFailedText } from '../../lib/http-errors';
import { principalAtom } from '../../lib/store';
import { searchKeys } from '../../lib/search-queries';
import { bulkEditTracks, recordKeys } from './api';
import { bulkFields } from './bulk-fields';
import { FieldInput } from './FieldInput';
import { fieldError, wireValue, withField, type FieldErrors } from './form-model';
import { FieldValue, fieldId } from './RecordFields';
import './records.css';
import { formatCount, formatNumber } from '../../../shared/format';

const decl = RECORDS.tracks as unknown as RecordDecl;

const REFUSAL: Readonly<Record<BulkRefusal, string>> = {
  validation: 'Not valid',
  access: 'Not allowed',
  not_visible: 'Not found',
  stale: 'Changed since selected',
};

/** A failed apply that carries the report (409: some row was refused), or null. */
const reportOf = (e: unknown) => (e instanceof BridgeError ? (BulkEditReport.safeParse(e.detail).data ?? null) : null);

/** A track of the preview as the user saw it in the list: its title and artists ('' when the list never showed it). */
export interface TrackName {
  title: string;
  artists: string;
}

const TITLE_COLUMN = columnsOf('tracks').find((c) => c.key === 'title');
const ARTISTS_COLUMN = columnsOf('tracks').find((c) => c.key === 'artists');

/** The title and artists of a track row of the search list, in the list's own words (shared/search cellText). */
export function trackName(row: unknown): TrackName {
  return {
    title: row && TITLE_COLUMN ? cellText(TITLE_COLUMN, row) : '',
    artists: row && ARTISTS_COLUMN ? cellText(ARTISTS_COLUMN, row) : '',
  };
}

export default function BulkEditDialog({
  rows: selected,
  seen,
  onClose,
}: {
  rows: readonly BulkRow[];
  /** The list's rows the user saw, by id: the preview names each track by them. */
  seen?: ReadonlyMap<React.Key, unknown>;
  onClose: (applied: boolean) => void;
}) {
  const principal = useAtomValue(principalAtom);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const offered = useMemo(() => bulkFields(principal), [principal]);
  const [rows, setRows] = useState<readonly BulkRow[]>(selected);
  const [chosen, setChosen] = useState<string[]>([]);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [report, setReport] = useState<BulkEditReport | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const changes = Object.fromEntries(
    chosen.map((k) => [k, wireValue(decl.fields[k], values[k] ?? (decl.fields[k].kind === 'boolean' ? false : null))]),
  );

  const run = async (preview: boolean, forRows: readonly BulkRow[] = rows) => {
    const own = Object.fromEntries(
      chosen.flatMap((k) => {
        const e = fieldError(decl.fields[k], changes[k]);
        return e ? [[k, [e]]] : [];
      }),
    );
    setErrors(own);
    if (chosen.length === 0 || Object.keys(own).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const r = await bulkEditTracks({ rows: [...forRows], changes: changes as never, preview });
      setReport(r);
      if (!preview && r.applied) {
        void queryClient.invalidateQueries({ queryKey: searchKeys.type('tracks') });
        void queryClient.invalidateQueries({ queryKey: recordKeys.type('tracks') });
        void message.success(`${formatCount(r.changed, 'track')} changed`);
        onClose(true);
      }
    } catch (e) {
      const r = reportOf(e);
      if (r) setReport(r);
      else setFailure(e);
    } finally {
      setBusy(false);
    }
  };

  const again = (next: readonly BulkRow[]) => {
    setRows(next);
    void run(true, next);
  };
  const refused = report?.rows.filter((r) => r.refused) ?? [];
  const stale = refused.filter((r) => r.refused?.reason === 'stale' && r.version !== null);

  const footer = report ? (
    <Space wrap>
      <Button onClick={() => setReport(null)} disabled={busy}>
        Back to the values
      </Button>
      {refused.length > 0 && stale.length > 0 && (
        <Button
          disabled={busy}
          onClick={() => again(rows.map((r) => ({ id: r.id, version: stale.find((s) => s.id === r.id)?.version ?? r.version })))}
        >
          Use their current versions
        </Button>
      )}
      {refused.length > 0 && (
        <Button disabled={busy} onClick={() => again(rows.filter((r) => !refused.some((x) => x.id === r.id)))} data-testid="bulk-leave-out">
          Leave out refused rows
        </Button>
      )}
      <Button
        type="primary"
        loading={busy}
        disabled={refused.length > 0 || report.changed === 0}
        onClick={() => void run(false)}
        data-testid="bulk-apply"
      >
        Apply to {formatCount(report.changed, 'track')}
      </Button>
    </Space>
  ) : (
    <Space wrap>
      <Button onClick={() => onClose(false)}>Cancel</Button>
      <Button type="primary" loading={busy} disabled={chosen.length === 0} onClick={() => void run(true)} data-testid="bulk-preview">
        Preview changes
      </Button>
    </Space>
  );

  return (
    <Modal
      open
      title={`Edit ${formatCount(rows.length, 'track')}`}
      width="min(1100px, calc(100vw - 32px))"
      onCancel={() => onClose(false)}
      footer={footer}
      data-testid="bulk-edit"
      destroyOnHidden
    >
      {failure != null && (
        <Alert type="error" showIcon className="bulk-edit__summary" title={saveFailedText(decl.noun, failure)} data-testid="bulk-error" />
      )}
      {report ? (
        <BulkPreview report={report} fields={chosen} nameOf={(id) => trackName(seen?.get(id))} />
      ) : (
        <Form layout="vertical" component="div">
          <Form.Item label="Fields to change" htmlFor="bulk-fields">
            <Select
              id="bulk-fields"
              mode="multiple"
              virtual={false}
              data-testid="bulk-fields"
              value={chosen}
              onChange={setChosen}
              showSearch={{ optionFilterProp: 'label' }}
              options={offered.map((k) => ({ value: k, label: decl.fields[k].label }))}
            />
          </Form.Item>
          {chosen.map((k) => (
            <Form.Item
              key={k}
              label={`New ${decl.fields[k].label}`}
              htmlFor={fieldId(`bulk-${k}`)}
              validateStatus={errors[k] ? 'error' : undefined}
              help={errors[k]?.join(' ')}
              data-testid={`bulk-field-${k}`}
            >
              <FieldInput
                id={fieldId(`bulk-${k}`)}
                field={decl.fields[k]}
                value={values[k]}
                values={values}
                invalid={Boolean(errors[k])}
                onChange={(v) => setValues((x) => withField(decl, x, k, v))}
              />
            </Form.Item>
          ))}
        </Form>
      )}
    </Modal>
  );
}

function BulkPreview({ report, fields, nameOf }: { report: BulkEditReport; fields: readonly string[]; nameOf: (id: number) => TrackName }) {
  const summary = `${formatNumber(report.changed)} of ${formatCount(report.rows.length, 'track')} change; ${formatNumber(report.refused)} would be refused.`;
  return (
    <>
      <Alert
        className="bulk-edit__summary"
        data-testid="bulk-summary"
        type={report.refused > 0 ? 'warning' : 'info'}
        showIcon
        title={report.applied ? 'Applied.' : summary}
        description={
          report.refused > 0
            ? 'Nothing is written while any row would be refused: leave those rows out, or go back and change the values.'
            : undefined
        }
      />
      <Table<BulkRowReport>
        data-testid="bulk-preview-table"
        size="small"
        rowKey="id"
        virtual
        pagination={false}
        scroll={{ x: 300 + 220 + fields.length * 260 + 260, y: 420 }}
        dataSource={report.rows}
        columns={[
          {
            key: 'track',
            title: 'Track',
            width: 300,
            render: (_, r) => {
              const { title } = nameOf(r.id);
              return (
                <span data-testid="bulk-track">
                  <Link to={recordRoute('tracks', r.id) ?? '#'}>{title || `Track ${r.id}`}</Link>
                  {title && <span className="muted"> · {r.id}</span>}
                </span>
              );
            },
          },
          {
            key: 'artists',
            title: 'Artists',
            width: 220,
            render: (_, r) => <span data-testid="bulk-artists">{nameOf(r.id).artists || '—'}</span>,
          },
          ...fields.map((k) => ({
            key: k,
            title: decl.fields[k].label,
            width: 260,
            render: (_: unknown, r: BulkRowReport) => {
              const c = r.changes[k];
              if (!c) return <span className="muted">No change</span>;
              return (
                <span data-testid="bulk-change">
                  <FieldValue field={decl.fields[k]} value={c.old} /> → <FieldValue field={decl.fields[k]} value={c.new} />
                </span>
              );
            },
          })),
          {
            key: 'refused',
            title: 'Refused',
            width: 260,
            render: (_, r) =>
              r.refused ? (
                <span data-testid="bulk-refused">
                  <Tag color="red">{REFUSAL[r.refused.reason]}</Tag>
                  {Object.entries(r.refused.errors)
                    .map(([f, m]) => (decl.fields[f] ? `${decl.fields[f].label}: ${m.join(' ')}` : m.join(' ')))
                    .join('; ')}
                </span>
              ) : null,
          },
        ]}
      />
    </>
  );
}
