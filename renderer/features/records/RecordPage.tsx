/**
 * One record's page, for every type with a declaration (shared/records): a header
 * (title, status tags in the spec's words, brand), then tabs: Details, the type's
 * sub-resources that have a component or fields (./tabs.ts), Notes where the type has
 * them, History. One form spans Details and the field tabs; it is saved together.
 */
import { Suspense, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { Alert, App, Button, Form, Space, Tabs, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import type { ObjectRow } from '../../../shared/api/endpoints';
import type { RecordDecl } from '../../../shared/records';
import { brandName } from '../../lib/brands';
import { saveFailedText } from '../../lib/http-errors';
import { principalAtom } from '../../lib/store';
import { savesRecord } from '../../lib/shortcuts';
import { Loading } from '../../ui/Loading';
import { GenericErrorPage } from '../../ui/pages';
import { TONE_COLOR } from '../../ui/tones';
import { useUnsavedChanges } from '../../ui/useUnsavedChanges';
import { isDeletable, isReencodable, recordQueries } from './api';
import { DeleteRecordButton } from './DeleteRecordButton';
import { recordExtensions, useRecordFormChecks } from './extensions';
import { fieldsOnBrand } from './form-model';
import { HistoryTab } from './HistoryTab';
import { NotesTab } from './NotesTab';
import { ReencodeButton } from './ReencodeButton';
import { EditableFields, ReadOnlyFields } from './RecordFields';
import { StaleEditsPanel } from './StaleEditsPanel';
import { recordTabComponent, shownTabs } from './tabs';
import { useRecordForm, type RecordForm } from './useRecordForm';
import './records.css';
import { formatNumber, plural } from '../../../shared/format';

export function RecordPage({ decl, id }: { decl: RecordDecl; id: number }) {
  const q = useQuery(recordQueries.get(decl.key, id));
  if (q.isPending) return <Loading />;
  if (q.isError) return <GenericErrorPage error={q.error} />;
  return <RecordEditor key={`${decl.key}:${id}`} decl={decl} id={id} row={q.data.data} etag={q.data.etag} />;
}

function RecordEditor({ decl, id, row, etag }: { decl: RecordDecl; id: number; row: ObjectRow; etag: string | undefined }) {
  const principal = useAtomValue(principalAtom);
  const form = useRecordForm(decl, id, { row, etag });
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const [tabDirty, setTabDirty] = useState(false);
  useUnsavedChanges(form.dirty || tabDirty);

  const tabs = useMemo(() => shownTabs(decl.key, principal), [decl.key, principal]);
  const onTabs = new Set(tabs.flatMap((t) => t.fields ?? []));
  const brandFields = fieldsOnBrand(decl, principal.brand).map(([k]) => k);
  const active = tabs.some((t) => t.key === params.get('tab')) ? params.get('tab')! : 'details';
  const activeTab = tabs.find((t) => t.key === active)!;
  const formTab = active === 'details' || (activeTab.fields?.length ?? 0) > 0;
  const readOnly = form.editable.length === 0;
  const title = String(form.row[decl.title] ?? '') || `${decl.noun} ${id}`;
  const tags = decl.status?.(form.row, principal.brand) ?? [];
  const asTyped = useRecordFormChecks(decl.key, form.values, { id, row: form.row });
  const extensions = recordExtensions(decl.key);

  const save = async () => {
    if (await form.save()) void message.success(`Saved ${decl.noun}`);
  };

  // Ctrl+S / ⌘S saves the unsaved changes, as the Save button (issue 29); with nothing to save
  // (or while a save runs, or read-only) it does nothing. Never the browser's own save dialog.
  const onSaveKey = useEffectEvent((e: KeyboardEvent) => {
    if (!savesRecord(e)) return;
    e.preventDefault();
    if (!readOnly && form.dirty && !form.saving) void save();
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => onSaveKey(e);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const fieldsOf = (keys: readonly string[], own: boolean) => (
    <Form layout="vertical" disabled={form.saving} onFinish={() => void save()} component="div">
      {own && form.conflicts && <StaleEditsPanel decl={decl} conflicts={form.conflicts} choices={form.choices} onChoose={form.choose} />}
      <EditableFields
        decl={decl}
        keys={keys}
        values={form.values}
        editable={form.editable}
        errors={{ ...asTyped, ...form.errors }}
        onChange={form.setField}
      />
      <ReadOnlyFields
        decl={decl}
        keys={keys}
        values={form.values}
        editable={form.editable}
        row={form.row}
        brand={principal.brand}
        title={own && !readOnly ? 'Not editable here' : undefined}
      />
    </Form>
  );

  const body = (key: string) => {
    if (key === 'details')
      return fieldsOf(
        brandFields.filter((k) => !onTabs.has(k)),
        true,
      );
    if (key === 'notes') return <NotesTab type={decl.key} id={id} row={form.row} />;
    if (key === 'history') return <HistoryTab type={decl.key} id={id} row={form.row} />;
    const t = tabs.find((x) => x.key === key)!;
    if (t.fields?.length)
      return fieldsOf(
        t.fields.filter((k) => brandFields.includes(k)),
        false,
      );
    const Component = recordTabComponent(decl.key, key)!;
    return (
      <Suspense fallback={<Loading />}>
        <Component type={decl.key} id={id} row={form.row} onDirty={setTabDirty} onRecord={form.adopt} />
      </Suspense>
    );
  };

  return (
    <div className="page record-page" data-testid={`record-${decl.key}`}>
      <header className="record-header">
        <h1 className="record-header__title" data-testid="record-title">
          {title}
        </h1>
        <Space wrap size={[6, 6]} className="record-header__tags">
          <span className="record-header__type">
            {decl.type.label} · ID {id}
          </span>
          {tags.map((t) => (
            <Tag key={t.text} color={TONE_COLOR[t.tone]} data-testid="status-tag">
              {t.text}
            </Tag>
          ))}
          {principal.brand && <Tag data-testid="record-brand">{brandName(principal.brand)}</Tag>}
          {readOnly && <Tag data-testid="read-only">Read only</Tag>}
        </Space>
        {isReencodable(decl.key) && <ReencodeButton type={decl.key} id={id} hasSourceAudio={row.has_source_audio} />}
        {extensions.map((x, i) => x.header && <x.header key={i} type={decl.key} id={id} row={form.row} />)}
        {isDeletable(decl.key) && (
          <DeleteRecordButton decl={decl} type={decl.key} id={id} title={title} onDeleting={() => form.discard()} />
        )}
      </header>
      {extensions.map((x, i) => x.banner && <x.banner key={i} type={decl.key} id={id} row={form.row} />)}
      <Tabs
        activeKey={active}
        onChange={(key) =>
          setParams(
            (p) => {
              const next = new URLSearchParams(p);
              if (key === 'details') next.delete('tab');
              else next.set('tab', key);
              return next;
            },
            { replace: true },
          )
        }
        items={tabs.map((t) => ({ key: t.key, label: t.label, children: body(t.key) }))}
      />
      {!readOnly && (formTab || form.dirty) && <SaveBar decl={decl} form={form} onSave={() => void save()} />}
    </div>
  );
}

function SaveBar({ decl, form, onSave }: { decl: RecordDecl; form: RecordForm; onSave: () => void }) {
  const count = Object.keys(form.changes).length;
  return (
    <div className="record-save-bar" role="region" aria-label="Save changes">
      {form.saveError != null && (
        <Alert
          type="error"
          showIcon
          className="record-save-bar__error"
          data-testid="save-error"
          title={saveFailedText(decl.noun, form.saveError)}
        />
      )}
      <Space wrap>
        <Button type="primary" onClick={onSave} disabled={!form.dirty} loading={form.saving} data-testid="save-record">
          Save
        </Button>
        <Button onClick={form.discard} disabled={!form.dirty || form.saving} data-testid="discard-record">
          Discard changes
        </Button>
        <span className="muted" data-testid="unsaved-count">
          {count === 0 ? 'No unsaved changes' : `${formatNumber(count)} unsaved ${plural(count, 'change')}`}
        </span>
      </Space>
    </div>
  );
}
