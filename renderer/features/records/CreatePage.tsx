/**
 * /create: the record types this user may create (tracks and releases, from the
 * declarations and the write rules), a form of the type's create fields starting from
 * the declaration's defaults (what is created when nothing is changed), POST, then the
 * created record opens.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Form, Segmented, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { RECORD_DECLS, mayCreate, recordRoute, type RecordDecl } from '../../../shared/records';
import { SimilarLabelsRefusal, type SimilarLabel } from '../../../shared/api/endpoints';
import { MSG } from '../../../shared/messages';
import { BridgeError } from '../../../shared/bridge/error';
import { saveFailedText } from '../../lib/http-errors';
import { principalAtom } from '../../lib/store';
import { PageHeader } from '../../ui/PageHeader';
import { useUnsavedChanges } from '../../ui/useUnsavedChanges';
import { searchKeys } from '../../lib/search-queries';
import { createRecord, isCreatable, type CreatableType } from './api';
import { serverFieldErrors, withField, type FieldErrors } from './form-model';
import { createBody, createErrors, createFields, createInitialValues } from './create-model';
import { EditableFields } from './RecordFields';
import { useRecordFormChecks } from './extensions';
import {
  SupplierFirstItems,
  emptyFirstItems,
  firstItemServerErrors,
  firstItemsDraft,
  type FirstItemErrors,
  type FirstItems,
} from './SupplierCreateItems';
import './records.css';

export { createBody, createErrors } from './create-model';

/** The labels a create was refused for (§8 "Label Exists with Similar or Identical Name"), or null for any other failure. */
export function similarLabelsOf(error: unknown): SimilarLabel[] | null {
  if (!(error instanceof BridgeError) || error.status !== 409) return null;
  const r = SimilarLabelsRefusal.safeParse(error.detail);
  return r.success ? r.data.similar_labels : null;
}

export default function CreatePage() {
  const principal = useAtomValue(principalAtom);
  const [params, setParams] = useSearchParams();
  const offered = useMemo(() => RECORD_DECLS.filter((d) => isCreatable(d.key) && mayCreate(principal, d.key)), [principal]);
  const decl = offered.find((d) => d.key === params.get('type')) ?? offered[0];
  return (
    <div className="page create-page" data-testid="create-page">
      <PageHeader title="Create" />
      {!decl ? (
        <Alert
          type="info"
          showIcon
          title="Releases and tracks are created by the store's catalogue team."
          description={
            <>
              To deliver new music, build a delivery package in <Link to="/packaging">Packaging</Link>.
            </>
          }
        />
      ) : (
        <>
          {offered.length > 1 && (
            <Segmented
              aria-label="What to create"
              data-testid="create-type"
              value={decl.key}
              onChange={(k) => setParams({ type: String(k) }, { replace: true })}
              options={offered.map((d) => ({ value: d.key, label: `New ${d.noun}` }))}
            />
          )}
          <CreateForm key={decl.key} decl={decl} type={decl.key as CreatableType} />
        </>
      )}
    </div>
  );
}

function CreateForm({ decl, type }: { decl: RecordDecl; type: CreatableType }) {
  const principal = useAtomValue(principalAtom);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fields = useMemo(() => createFields(decl, principal), [decl, principal]);
  const initial = useMemo(() => createInitialValues(decl, fields), [decl, fields]);
  const [values, setValues] = useState<Record<string, unknown>>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [created, setCreated] = useState<string | null>(null);
  /** §8: the labels of a similar name the server found; the user may continue past them. */
  const [similar, setSimilar] = useState<SimilarLabel[] | null>(null);
  /** A new supplier's first contact and contract (§5). */
  const [first, setFirst] = useState<FirstItems>(emptyFirstItems);
  const [firstErrors, setFirstErrors] = useState<FirstItemErrors>({ contact: {}, contract: {} });
  const isSupplier = type === 'suppliers';
  const body = createBody(decl, fields, values);
  const asTyped = useRecordFormChecks(type, values);
  const untouched = JSON.stringify(body) === JSON.stringify(createBody(decl, fields, initial));
  useUnsavedChanges(!untouched && !created);
  // Open the new record once the form no longer holds unsaved changes.
  useEffect(() => {
    if (created) navigate(created);
  }, [created, navigate]);

  const submit = async (confirmSimilar = false) => {
    const own = createErrors(decl, body);
    setErrors(own);
    const items = isSupplier ? firstItemsDraft(first) : null;
    setFirstErrors(items && 'errors' in items ? items.errors : { contact: {}, contract: {} });
    if (Object.keys(own).length > 0 || Object.keys(asTyped).length > 0 || (items && 'errors' in items)) return;
    setSaving(true);
    setFailure(null);
    setSimilar(null);
    try {
      const sent = items ? { ...body, ...items } : body;
      const res = await createRecord(type, confirmSimilar ? { ...sent, confirm_similar: true } : sent);
      void queryClient.invalidateQueries({ queryKey: searchKeys.type(type) });
      setCreated(recordRoute(type, res.data.id) ?? '/catalog');
    } catch (e) {
      const matches = similarLabelsOf(e);
      if (matches) return setSimilar(matches);
      const { fields: byField, other } = serverFieldErrors(e, fields);
      setErrors(byField);
      if (isSupplier && e instanceof BridgeError && e.status === 400) {
        const mine = firstItemServerErrors(e.detail as Record<string, string[]>);
        setFirstErrors(mine);
        // Only the items were refused: their forms say why.
        if (
          other.length &&
          Object.keys(byField).length === 0 &&
          (mine.rule || Object.keys(mine.contact).length || Object.keys(mine.contract).length)
        )
          return;
      }
      setFailure(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={`New ${decl.noun}`}>
      <Form layout="vertical" disabled={saving} onFinish={() => void submit()} data-testid={`create-${type}`}>
        <EditableFields
          decl={decl}
          keys={fields}
          values={values}
          editable={fields}
          errors={{ ...asTyped, ...errors }}
          required={decl.create?.required}
          onChange={(k, v) => {
            setValues((x) => withField(decl, x, k, v));
            setErrors((e) => Object.fromEntries(Object.entries(e).filter(([f]) => f !== k)));
          }}
        />
        {isSupplier && (
          <SupplierFirstItems
            value={first}
            errors={firstErrors}
            onChange={(v) => {
              setFirst(v);
              setFirstErrors({ contact: {}, contract: {} });
            }}
          />
        )}
        {similar && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="similar-labels"
            title={MSG.labelExists}
            description={
              <>
                <ul className="similar-labels">
                  {similar.map((l) => (
                    <li key={l.id}>
                      <Link to={recordRoute('labels', l.id) ?? '/catalog'}>{l.name}</Link>
                      {l.supplier ? ` (${l.supplier})` : ''}
                    </li>
                  ))}
                </ul>
                <Space wrap>
                  <Button onClick={() => void submit(true)} loading={saving} data-testid="similar-labels-continue">
                    Continue and create
                  </Button>
                  <Button onClick={() => setSimilar(null)}>Cancel</Button>
                </Space>
              </>
            }
          />
        )}
        {failure != null && (
          <Alert type="error" showIcon style={{ marginBottom: 16 }} title={saveFailedText(decl.noun, failure)} data-testid="create-error" />
        )}
        <Button type="primary" htmlType="submit" loading={saving} data-testid="create-submit">
          Create {decl.noun}
        </Button>
      </Form>
    </Card>
  );
}
