/** Step 1: Release Info (spec §3 release fields with the §5/§9 rules). */
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useAtomValue } from 'jotai';
import type { Dispatch } from 'react';
import { EXCLUSIVE_NONE } from '../../../shared/constants';
import type { PackagingDraft } from '../../../shared/packaging/draft';
import type { DraftIssue } from '../../../shared/packaging/validate';
import { principalAtom } from '../../lib/store';
import type { DraftAction } from './draft-reducer';
import { Field, RefSelect } from './fields';
import { packagesOwn, packagingQueries } from './queries';

const WEEKS = [0, 1, 2, 3, 4].map((w) => ({ value: w, label: String(w) }));

export function ReleaseInfoStep({
  draft,
  dispatch,
  issues,
}: {
  draft: PackagingDraft;
  dispatch: Dispatch<DraftAction>;
  issues: Map<string, string>;
}) {
  const r = draft.release;
  const set = (patch: Partial<PackagingDraft['release']>) => dispatch({ type: 'release', patch });
  const genres = useQuery(packagingQueries.genres());
  const types = useQuery(packagingQueries.releaseTypes());
  const labels = useQuery(packagingQueries.labels(packagesOwn(useAtomValue(principalAtom))));
  const periods = useQuery(packagingQueries.exclusivePeriods());
  const subGenres = genres.data?.find((g) => g.id === r.genre?.id)?.sub_genres ?? [];
  const e = (f: string) => issues.get(`release.${f}`);

  return (
    <Form layout="vertical" style={{ maxWidth: 900 }}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Field label="Title" required error={e('title')}>
            <Input aria-label="Release title" value={r.title} onChange={(ev) => set({ title: ev.target.value })} />
          </Field>
        </Col>
        <Col xs={24} md={6}>
          <Field label="Catalog number" error={e('catalogNumber')}>
            <Input aria-label="Catalog number" value={r.catalogNumber} onChange={(ev) => set({ catalogNumber: ev.target.value })} />
          </Field>
        </Col>
        <Col xs={24} md={6}>
          <Field label="UPC/EAN" required error={e('upc')}>
            <Input aria-label="UPC/EAN" value={r.upc} inputMode="numeric" onChange={(ev) => set({ upc: ev.target.value.trim() })} />
          </Field>
        </Col>
        <Col xs={24} md={12}>
          <Field label="Label" required error={e('label')}>
            <RefSelect
              ariaLabel="Label"
              value={r.label}
              options={labels.data}
              loading={labels.isLoading}
              onChange={(label) => set({ label })}
            />
          </Field>
        </Col>
        <Col xs={24} md={12}>
          <Field label="Release type" required error={e('releaseType')}>
            <RefSelect
              ariaLabel="Release type"
              value={r.releaseType}
              options={types.data}
              loading={types.isLoading}
              onChange={(releaseType) => set({ releaseType })}
            />
          </Field>
        </Col>
        <Col xs={24} md={6}>
          <Field label="Street date" required error={e('streetDate')}>
            <Input type="date" aria-label="Street date" value={r.streetDate} onChange={(ev) => set({ streetDate: ev.target.value })} />
          </Field>
        </Col>
        <Col xs={24} md={6}>
          <Field label="Release date" required error={e('releaseDate')}>
            <Input type="date" aria-label="Release date" value={r.releaseDate} onChange={(ev) => set({ releaseDate: ev.target.value })} />
          </Field>
        </Col>
        <Col xs={24} md={12}>
          <Field label="Exclusive period" error={e('exclusivePeriod')}>
            <Select
              aria-label="Exclusive period"
              value={r.exclusivePeriod === undefined ? String(EXCLUSIVE_NONE) : String(r.exclusivePeriod)}
              options={(periods.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
              onChange={(v: string) => set({ exclusivePeriod: v === String(EXCLUSIVE_NONE) ? undefined : v === 'null' ? null : Number(v) })}
            />
          </Field>
        </Col>
        <Col xs={24} md={6}>
          <Field label="Pre-order" error={e('preOrderWeeks')}>
            <Checkbox
              checked={r.preOrder}
              onChange={(ev) =>
                set({
                  preOrder: ev.target.checked,
                  preOrderWeeks: ev.target.checked ? (r.preOrderWeeks ?? r.defaultPreOrderWeeks ?? 1) : null,
                })
              }
            >
              Available for pre-order
            </Checkbox>
            {r.preOrder && (
              <Select
                aria-label="Pre-order weeks"
                style={{ width: 100, marginTop: 4 }}
                value={r.preOrderWeeks ?? undefined}
                options={WEEKS}
                onChange={(w: number) => set({ preOrderWeeks: w })}
              />
            )}
          </Field>
        </Col>
        <Col xs={24} md={6}>
          <Field label="Default pre-order weeks" error={e('defaultPreOrderWeeks')}>
            <InputNumber
              aria-label="Default pre-order weeks"
              min={0}
              max={4}
              precision={0}
              value={r.defaultPreOrderWeeks}
              onChange={(w) => set({ defaultPreOrderWeeks: w ?? null })}
            />
          </Field>
        </Col>
        <Col xs={24} md={12}>
          <Field label="Genre" required error={e('genre')}>
            <RefSelect
              ariaLabel="Genre"
              value={r.genre}
              options={genres.data}
              loading={genres.isLoading}
              onChange={(g) => dispatch({ type: 'releaseGenre', genre: g })}
            />
          </Field>
        </Col>
        <Col xs={24} md={12}>
          <Field label="Sub-genre">
            <RefSelect ariaLabel="Sub-genre" value={r.subGenre} options={subGenres} onChange={(subGenre) => set({ subGenre })} />
          </Field>
        </Col>
        <Col xs={24}>
          <Checkbox checked={r.explicit} onChange={(ev) => set({ explicit: ev.target.checked })}>
            Explicit
          </Checkbox>
        </Col>
      </Row>
    </Form>
  );
}

export function issueMap(issues: readonly DraftIssue[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const i of issues) if (i.level === 'error' && !m.has(i.field)) m.set(i.field, i.message);
  return m;
}
