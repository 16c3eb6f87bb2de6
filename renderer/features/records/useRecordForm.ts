/**
 * The state of one record's form: the version it edits (object and ETag), the values,
 * the errors by field, and the save: PATCH of the changed fields with If-Match; a 412
 * carries the user's edits onto the version saved meanwhile (./stale-edits.ts) and
 * lists the fields both changed, for the user to settle.
 */
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { ObjectRow } from '../../../shared/api/endpoints';
import { editableFields, type RecordDecl } from '../../../shared/records';
import { statusOf } from '../../lib/http-errors';
import { principalAtom } from '../../lib/store';
import { searchKeys } from '../../lib/search-queries';
import { patchRecord, recordKeys, recordQueries } from './api';
import { changeErrors, changedFields, formValues, sameValue, serverFieldErrors, withField, type FieldErrors } from './form-model';
import { rebaseEdits, settle, type Choice, type StaleConflict } from './stale-edits';

interface Version {
  row: ObjectRow;
  etag: string | undefined;
}

export interface RecordForm {
  row: ObjectRow;
  values: Readonly<Record<string, unknown>>;
  /** The fields this user may change (empty: the record is read-only for them). */
  editable: readonly string[];
  setField: (field: string, value: unknown) => void;
  errors: FieldErrors;
  changes: Record<string, unknown>;
  dirty: boolean;
  saving: boolean;
  /** The last save's failure (shown with the §8 save-failure text); a 412 shows as `conflicts` instead. */
  saveError: unknown;
  /** After a 412: the fields changed both here and in the version saved meanwhile, and the user's choice for each. */
  conflicts: readonly StaleConflict[] | null;
  choices: Readonly<Record<string, Choice>>;
  choose: (c: StaleConflict, choice: Choice) => void;
  save: () => Promise<boolean>;
  discard: () => void;
  /** A tab's call changed the record on the server and answered it (with its ETag): the form follows it. */
  adopt: (fresh: { row: ObjectRow; etag: string | undefined }) => void;
}

export function useRecordForm(decl: RecordDecl, id: number, initial: Version): RecordForm {
  const type = decl.key;
  const principal = useAtomValue(principalAtom);
  const queryClient = useQueryClient();
  const editable = useMemo(() => editableFields(principal, type), [principal, type]);
  const [version, setVersion] = useState<Version>(initial);
  const base = useMemo(() => formValues(decl, version.row), [decl, version.row]);
  const [values, setValues] = useState<Record<string, unknown>>(base);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [conflicts, setConflicts] = useState<StaleConflict[] | null>(null);
  const [choices, setChoices] = useState<Record<string, Choice>>({});

  const changes = changedFields(decl, base, values, editable);
  const dirty = Object.keys(changes).length > 0;

  const setField = (field: string, value: unknown) => {
    setValues((current) => withField(decl, current, field, value));
    setErrors((e) => (e[field] ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== field)) : e));
  };

  /** A newer version of the record (read after a 412, or answered by a tab's call): the user's edits rebased onto it. */
  const adopt = (fresh: Version, after412 = false) => {
    const theirs = formValues(decl, fresh.row);
    const r = rebaseEdits(editable, (f, a, b) => sameValue(decl.fields[f], a, b), base, values, theirs);
    setVersion({ row: fresh.row, etag: fresh.etag });
    setValues(r.values);
    setConflicts(after412 || r.conflicts.length ? r.conflicts : null);
    setChoices(Object.fromEntries(r.conflicts.map((c) => [c.field, 'mine' as Choice])));
  };
  const rebaseOnLatest = async () => {
    const fresh = await queryClient.fetchQuery(recordQueries.get(type, id));
    adopt({ row: fresh.data, etag: fresh.etag }, true);
  };

  const save = async (): Promise<boolean> => {
    const own = changeErrors(decl, version.row, changes);
    setErrors(own);
    if (Object.keys(own).length > 0) return false;
    setSaving(true);
    setSaveError(null);
    try {
      const res = await patchRecord(type, id, changes, version.etag);
      setVersion({ row: res.data, etag: res.etag });
      setValues(formValues(decl, res.data));
      setConflicts(null);
      setChoices({});
      queryClient.setQueryData(recordKeys.get(type, id), res);
      void queryClient.invalidateQueries({ queryKey: recordKeys.historyAll(type, id) });
      void queryClient.invalidateQueries({ queryKey: searchKeys.type(type) });
      return true;
    } catch (e) {
      if (statusOf(e) === 412) {
        // The stale-edits panel says what happened and what to do; the §8 text only when the new version cannot be read.
        try {
          await rebaseOnLatest();
        } catch (reloadError) {
          setSaveError(reloadError);
        }
      } else {
        setSaveError(e);
        setErrors(serverFieldErrors(e, Object.keys(decl.fields)).fields);
      }
      return false;
    } finally {
      setSaving(false);
    }
  };

  return {
    row: version.row,
    values,
    editable,
    setField,
    errors,
    changes,
    dirty,
    saving,
    saveError,
    conflicts,
    choices,
    choose: (c, choice) => {
      setChoices((x) => ({ ...x, [c.field]: choice }));
      setValues((v) => settle(v, c, choice));
    },
    save,
    adopt: (fresh) => {
      adopt(fresh);
      queryClient.setQueryData(recordKeys.get(type, id), { data: fresh.row, etag: fresh.etag, status: 200 });
    },
    discard: () => {
      setValues(base);
      setErrors({});
      setSaveError(null);
      setConflicts(null);
    },
  };
}
