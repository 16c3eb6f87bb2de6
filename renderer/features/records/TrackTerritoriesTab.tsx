/**
 * A track's Territories & Publish Dates tab: the countries it may be sold in with the
 * summary by region (a catalogue writer replaces them, choosing whole regions and/or
 * countries one by one), and its publish, pre-order and takedown times per country and
 * commercial model type, shown and entered in Mountain time (PUBLISH_TIME_ZONE, named
 * next to the fields); the §5 rules are shown on the fields and checked with the API's
 * schema before anything is sent. Read-only for everyone else.
 */
import { useState } from 'react';
import { Alert, App, Button, Checkbox, Empty, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { CountriesAllowedBody, type PublishDate } from '../../../shared/api/endpoints';
import { PUBLISH_TIME_ZONE } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { REGIONS, type Region } from '../../../shared/vocabularies';
import { errorText, saveFailedText } from '../../lib/http-errors';
import { ListSkeleton, RETRY_LABEL } from '../../ui/ListState';
import { referenceOptions } from '../../lib/search-queries';
import { putCountriesAllowed, recordKeys, recordQueries, updatePublishTimes } from './api';
import { useMayWrite } from './tab-parts';
import type { RecordTabProps } from './tabs';
import { publishTimesBody, shownLocal, type TimesBody, type TimesDraft, type TimesField } from './territories';

export const ZONE_LABEL = `Mountain time (${PUBLISH_TIME_ZONE})`;

export function FetchError({ what, error, onRetry }: { what: string; error: unknown; onRetry?: () => unknown }) {
  return (
    <Alert
      type="error"
      showIcon
      data-testid="list-error"
      title={`Could not load ${what}`}
      description={MSG.requestFailed(errorText(error))}
      action={
        onRetry && (
          <Button size="small" onClick={() => void onRetry()} data-testid="list-retry">
            {RETRY_LABEL}
          </Button>
        )
      }
    />
  );
}

function useCountryOptions(enabled: boolean) {
  const q = useQuery({ ...referenceOptions('countries'), enabled });
  return { q, options: (q.data ?? []).flatMap((c) => (c.id === null ? [] : [{ value: c.id, label: c.name }])) };
}

export default function TrackTerritoriesTab({ id }: RecordTabProps) {
  const mayWrite = useMayWrite('tracks');
  return (
    <div className="track-territories" data-testid="track-territories">
      <CountriesAllowedSection id={id} mayWrite={mayWrite} />
      <PublishDatesSection id={id} mayWrite={mayWrite} />
    </div>
  );
}

function CountriesAllowedSection({ id, mayWrite }: { id: number; mayWrite: boolean }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const allowed = useQuery(recordQueries.countriesAllowed(id));
  const summary = useQuery(recordQueries.regionalSummary(id));
  const countries = useCountryOptions(mayWrite);
  const [countryIds, setCountryIds] = useState<number[]>([]);
  const [regions, setRegions] = useState<Region[]>([]);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: { country_ids: number[]; regions: Region[] }) => putCountriesAllowed(id, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: recordKeys.territories(id) });
      void queryClient.invalidateQueries({ queryKey: recordKeys.historyAll('tracks', id) });
      setCountryIds([]);
      setRegions([]);
      void message.success('Allowed countries saved');
    },
  });
  const submit = () => {
    const body = { country_ids: countryIds, regions };
    const r = CountriesAllowedBody.safeParse(body);
    if (!r.success) return setError(r.error.issues[0]!.message);
    setError(null);
    save.mutate(body);
  };

  return (
    <section aria-labelledby="countries-allowed-heading" className="track-territories__section">
      <h2 id="countries-allowed-heading" className="track-territories__heading">
        Countries allowed
      </h2>
      {summary.isPending ? (
        <ListSkeleton />
      ) : summary.isError ? (
        <FetchError what="the regional summary" error={summary.error} onRetry={summary.refetch} />
      ) : (
        <>
          <p data-testid="territories-summary">
            {summary.data.restricted
              ? `Sold in ${summary.data.allowed} of ${summary.data.total} countries.`
              : 'Sold in every country (none chosen).'}
          </p>
          <Table
            data-testid="regional-summary"
            size="small"
            rowKey="region"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={summary.data.results}
            columns={[
              { key: 'region', title: 'Region', dataIndex: 'region' },
              { key: 'allowed', title: 'Allowed', align: 'right', render: (_, r) => `${r.allowed} of ${r.total}` },
            ]}
          />
        </>
      )}
      {allowed.isError && <FetchError what="the allowed countries" error={allowed.error} onRetry={allowed.refetch} />}
      {allowed.data?.restricted && (
        <p className="track-territories__list" data-testid="allowed-countries">
          {allowed.data.results.map((c) => c.name).join(', ')}
        </p>
      )}
      {mayWrite && (
        <Form layout="vertical" component="div" className="subresource-form" disabled={save.isPending}>
          <Form.Item label="Whole regions">
            <Checkbox.Group
              data-testid="allowed-regions"
              options={REGIONS.map((r) => ({ value: r, label: r }))}
              value={regions}
              onChange={(v) => setRegions(v)}
            />
          </Form.Item>
          <Form.Item
            label="Countries one by one"
            htmlFor="allowed-countries-input"
            validateStatus={error ? 'error' : undefined}
            help={error}
          >
            <Select
              id="allowed-countries-input"
              mode="multiple"
              className="track-territories__countries"
              value={countryIds}
              loading={countries.q.isPending}
              options={countries.options}
              onChange={(v: number[]) => setCountryIds(v)}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
          {countries.q.isError && <FetchError what="the countries" error={countries.q.error} onRetry={countries.q.refetch} />}
          {save.isError && <Alert type="error" showIcon title={saveFailedText('track', save.error)} data-testid="countries-error" />}
          <Button type="primary" onClick={submit} loading={save.isPending} data-testid="save-countries">
            Replace allowed countries
          </Button>
        </Form>
      )}
    </section>
  );
}

const EMPTY_DRAFT: TimesDraft = { country_ids: [], commercial_model_type: null, publish: '', pre_order: '', takedown: '' };

function PublishDatesSection({ id, mayWrite }: { id: number; mayWrite: boolean }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const dates = useQuery(recordQueries.publishDates(id));
  const save = useMutation({
    mutationFn: (body: TimesBody) => updatePublishTimes(id, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: recordKeys.publishDates(id) });
      void queryClient.invalidateQueries({ queryKey: recordKeys.historyAll('tracks', id) });
      void message.success('Publish times saved');
    },
  });

  return (
    <section aria-labelledby="publish-dates-heading" className="track-territories__section">
      <h2 id="publish-dates-heading" className="track-territories__heading">
        Publish dates
      </h2>
      <Typography.Paragraph className="muted">Times are in {ZONE_LABEL}, with their offset from UTC.</Typography.Paragraph>
      {dates.isPending ? (
        <ListSkeleton />
      ) : dates.isError ? (
        <FetchError what="the publish dates" error={dates.error} onRetry={dates.refetch} />
      ) : dates.data.results.length === 0 ? (
        <Empty description="No publish dates yet" />
      ) : (
        <Table<PublishDate>
          data-testid="publish-dates"
          size="small"
          rowKey={(r) => `${r.country.id}:${r.commercial_model_type.id}`}
          pagination={false}
          className="track-territories__times"
          tableLayout="fixed"
          dataSource={dates.data.results}
          columns={[
            { key: 'country', title: 'Country', render: (_, r) => r.country.name },
            { key: 'model', title: 'Commercial Model', render: (_, r) => r.commercial_model_type.name },
            { key: 'publish', title: 'Publish', render: (_, r) => <span data-testid="publish-local">{shownLocal(r.publish_local)}</span> },
            { key: 'pre_order', title: 'Pre-order', render: (_, r) => shownLocal(r.pre_order_local) },
            { key: 'takedown', title: 'Takedown', render: (_, r) => shownLocal(r.takedown_local) },
          ]}
        />
      )}
      {mayWrite && <PublishTimesForm thing="track" save={save} />}
    </section>
  );
}

/**
 * The publish-times form (a track's, or a release's for all its tracks): countries, the
 * commercial model type (empty: every one), and the three times in Mountain time, checked
 * with the API's schema (the §5 words on each field) before `save` sends them; emptied
 * once saved. `thing` names what is saved in §8's failure text.
 */
export function PublishTimesForm({ thing, save }: { thing: string; save: UseMutationResult<unknown, unknown, TimesBody> }) {
  const countries = useCountryOptions(true);
  const models = useQuery(referenceOptions('commercial-model-types'));
  const [draft, setDraft] = useState<TimesDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<Partial<Record<TimesField, string>>>({});
  const set = (patch: Partial<TimesDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = () => {
    const r = publishTimesBody(draft, PUBLISH_TIME_ZONE);
    if ('errors' in r) return setErrors(r.errors);
    setErrors({});
    save.mutate(r.body, { onSuccess: () => setDraft(EMPTY_DRAFT) });
  };
  const item = (field: TimesField, extra?: string) => ({
    validateStatus: errors[field] ? ('error' as const) : undefined,
    help: errors[field],
    extra,
  });
  const time = (field: 'publish' | 'pre_order' | 'takedown', label: string, rule: string) => (
    <Form.Item label={label} htmlFor={`time-${field}`} {...item(field, rule)}>
      <Space wrap>
        <Input
          id={`time-${field}`}
          type="datetime-local"
          className="track-territories__time"
          value={draft[field]}
          onChange={(e) => set({ [field]: e.target.value })}
          data-testid={`time-${field}`}
        />
        <span className="muted">{ZONE_LABEL}</span>
      </Space>
    </Form.Item>
  );

  return (
    <Form layout="vertical" component="div" className="subresource-form" disabled={save.isPending} data-testid="publish-times-form">
      <Form.Item label="Countries" htmlFor="times-countries" {...item('country_ids')}>
        <Select
          id="times-countries"
          mode="multiple"
          className="track-territories__countries"
          value={draft.country_ids}
          loading={countries.q.isPending}
          options={countries.options}
          onChange={(v: number[]) => set({ country_ids: v })}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Form.Item
        label="Commercial model type"
        htmlFor="times-model"
        {...item('commercial_model_type', 'Leave empty to set every commercial model type.')}
      >
        <Select
          id="times-model"
          allowClear
          className="subresource-form__select"
          value={draft.commercial_model_type ?? undefined}
          loading={models.isPending}
          options={(models.data ?? []).flatMap((m) => (m.id === null ? [] : [{ value: m.id, label: m.name }]))}
          onChange={(v: number | undefined) => set({ commercial_model_type: v ?? null })}
        />
      </Form.Item>
      {time('publish', 'Publish time', 'Required.')}
      {time('pre_order', 'Pre-order time', `Optional. ${MSG.preOrderBeforePublish}.`)}
      {time('takedown', 'Takedown time', `Optional. ${MSG.takedownAfterPublish}.`)}
      {save.isError && <Alert type="error" showIcon title={saveFailedText(thing, save.error)} data-testid="times-error" />}
      <Button type="primary" onClick={submit} loading={save.isPending} data-testid="save-times">
        Set times
      </Button>
    </Form>
  );
}
