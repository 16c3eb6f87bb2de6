/**
 * A record's fields from its declaration: the ones this user may change as labelled
 * inputs by kind, with their errors; the others (and the declaration's read-only
 * `shown` fields) as label and value.
 */
import { Col, Descriptions, Form, Row, Tag } from 'antd';
import type { FieldDecl, RecordDecl, ShownDecl } from '../../../shared/records';
import { onBrand } from '../../../shared/records';
import { encodeStatusTag } from '../../../shared/search/status';
import { TONE_COLOR } from '../../ui/tones';
import { FieldInput, useValueText } from './FieldInput';
import type { FieldErrors } from './form-model';
import { formatDateTime } from '../../../shared/format';

export const fieldId = (key: string) => `field-${key}`;

const WIDE = new Set(['textarea', 'references']);

export interface FieldsProps {
  decl: RecordDecl;
  keys: readonly string[];
  values: Readonly<Record<string, unknown>>;
  editable: readonly string[];
  errors: FieldErrors;
  onChange: (field: string, value: unknown) => void;
  /** Fields that must be given (create). */
  required?: readonly string[];
}

/** The editable fields of `keys` as a form grid. */
export function EditableFields({ decl, keys, values, editable, errors, onChange, required = [] }: FieldsProps) {
  const shown = keys.filter((k) => editable.includes(k));
  if (shown.length === 0) return null;
  return (
    <Row gutter={[16, 0]} className="record-fields">
      {shown.map((k) => {
        const f = decl.fields[k];
        const error = errors[k]?.join(' ');
        const live = error ? undefined : f.live?.(values[k]);
        return (
          <Col key={k} xs={24} md={WIDE.has(f.kind) ? 24 : 12} xl={WIDE.has(f.kind) ? 24 : 8}>
            <Form.Item
              label={f.label}
              htmlFor={fieldId(k)}
              required={required.includes(k)}
              validateStatus={error || live?.valid === false ? 'error' : live ? 'success' : undefined}
              help={
                error ? (
                  <span data-testid={`error-${k}`}>{error}</span>
                ) : live ? (
                  <span data-testid={`live-${k}`}>{live.message}</span>
                ) : undefined
              }
              data-testid={`field-${k}`}
            >
              <FieldInput
                id={fieldId(k)}
                field={f}
                value={values[k]}
                values={values}
                invalid={Boolean(error)}
                onChange={(v) => onChange(k, v)}
              />
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );
}

/** Fields of `keys` this user may not change, plus the declaration's read-only fields, as label and value. */
export function ReadOnlyFields({
  decl,
  keys,
  values,
  editable,
  row,
  brand,
  title,
}: Pick<FieldsProps, 'decl' | 'keys' | 'values' | 'editable'> & {
  row: Readonly<Record<string, unknown>>;
  brand: string;
  title?: string;
}) {
  const fields = keys.filter((k) => !editable.includes(k));
  const shown = Object.entries(decl.shown ?? {}).filter(([, s]) => onBrand(s, brand));
  if (fields.length + shown.length === 0) return null;
  return (
    <Descriptions
      className="record-read-only"
      data-testid="read-only-fields"
      title={title}
      size="small"
      bordered
      column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
      items={[
        ...fields.map((k) => ({ key: k, label: decl.fields[k].label, children: <FieldValue field={decl.fields[k]} value={values[k]} /> })),
        ...shown.map(([k, s]) => ({ key: k, label: s.label, children: <ShownValue decl={s} value={row[k]} /> })),
      ]}
    />
  );
}

export function FieldValue({ field, value }: { field: FieldDecl | undefined; value: unknown }) {
  const text = useValueText(field);
  return <span className="record-value">{text(value)}</span>;
}

function ShownValue({ decl, value }: { decl: ShownDecl; value: unknown }) {
  if (decl.kind === 'encode') {
    const tag = encodeStatusTag(value);
    return <Tag color={TONE_COLOR[tag.tone]}>{tag.text}</Tag>;
  }
  if (decl.kind === 'datetime' && typeof value === 'string') return <span>{formatDateTime(value)}</span>;
  const field = decl.kind === 'date' ? ({ kind: 'date' } as FieldDecl) : undefined;
  return <FieldValue field={field} value={value} />;
}
