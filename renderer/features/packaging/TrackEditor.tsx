/** One track's details (spec §3 track fields with the §5/§9 rules). */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import type { Dispatch } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TrackDraft } from '../../../shared/packaging/draft';
import type { DraftAction } from './draft-reducer';
import { Field, RefSelect } from './fields';
import { packagingQueries } from './queries';

function Names({ value, onChange, label }: { value: string[]; onChange: (v: string[]) => void; label: string }) {
  return (
    <Select
      aria-label={label}
      mode="tags"
      value={value}
      onChange={onChange}
      tokenSeparators={[';']}
      open={false}
      placeholder="Type a name, then Enter"
    />
  );
}

export function TrackEditor({
  track: t,
  dispatch,
  issues,
}: {
  track: TrackDraft;
  dispatch: Dispatch<DraftAction>;
  issues: Map<string, string>;
}) {
  const set = (patch: Partial<TrackDraft>) => dispatch({ type: 'track', position: t.position, patch });
  const genres = useQuery(packagingQueries.genres());
  const keys = useQuery(packagingQueries.keys());
  const swTypes = useQuery(packagingQueries.songwriterTypes());
  const subGenres = genres.data?.find((g) => g.id === t.genre?.id)?.sub_genres ?? [];
  const e = (f: string) => issues.get(`tracks.${t.position}.${f}`);

  return (
    <Form layout="vertical">
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Field label="Title" required error={e('title')}>
            <Input aria-label={`Track ${t.position} title`} value={t.title} onChange={(ev) => set({ title: ev.target.value })} />
          </Field>
        </Col>
        <Col xs={24} md={12}>
          <Field label="Mix name" error={e('mixName')}>
            <Input aria-label={`Track ${t.position} mix name`} value={t.mixName} onChange={(ev) => set({ mixName: ev.target.value })} />
          </Field>
        </Col>
        <Col xs={24} md={8}>
          <Field label="ISRC" required error={e('isrc')}>
            <Input
              aria-label={`Track ${t.position} ISRC`}
              placeholder="CC-XXX-YY-NNNNN"
              value={t.isrc}
              onChange={(ev) => set({ isrc: ev.target.value.toUpperCase() })}
            />
          </Field>
        </Col>
        <Col xs={12} md={4}>
          <Field label="BPM" error={e('bpm')}>
            <InputNumber
              aria-label={`Track ${t.position} BPM`}
              min={1}
              max={999}
              value={t.bpm}
              onChange={(bpm) => set({ bpm: bpm ?? null })}
            />
          </Field>
        </Col>
        <Col xs={12} md={4}>
          <Field label="Key">
            <RefSelect ariaLabel={`Track ${t.position} key`} value={t.key} options={keys.data} onChange={(key) => set({ key })} />
          </Field>
        </Col>
        <Col xs={24} md={4}>
          <Field label="Genre">
            <RefSelect
              ariaLabel={`Track ${t.position} genre`}
              value={t.genre}
              options={genres.data}
              placeholder="Release genre"
              onChange={(g) => dispatch({ type: 'trackGenre', position: t.position, genre: g })}
            />
          </Field>
        </Col>
        <Col xs={24} md={4}>
          <Field label="Sub-genre">
            <RefSelect
              ariaLabel={`Track ${t.position} sub-genre`}
              value={t.subGenre}
              options={subGenres}
              onChange={(subGenre) => set({ subGenre })}
            />
          </Field>
        </Col>
        <Col xs={24} md={12}>
          <Field label="Artists" required error={e('artists')}>
            <Names label={`Track ${t.position} artists`} value={t.artists} onChange={(artists) => set({ artists })} />
          </Field>
        </Col>
        <Col xs={24} md={12}>
          <Field label="Remixers">
            <Names label={`Track ${t.position} remixers`} value={t.remixers} onChange={(remixers) => set({ remixers })} />
          </Field>
        </Col>
        <Col xs={24} md={12}>
          <Field label="Songwriters" error={t.songwriters.map((_, i) => e(`songwriters.${i}`)).find(Boolean)}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {t.songwriters.map((s, i) => (
                <Space key={i}>
                  <Input
                    aria-label={`Songwriter ${i + 1} name`}
                    value={s.name}
                    onChange={(ev) => set({ songwriters: t.songwriters.map((x, j) => (j === i ? { ...x, name: ev.target.value } : x)) })}
                  />
                  <div style={{ width: 200 }}>
                    <RefSelect
                      ariaLabel={`Songwriter ${i + 1} type`}
                      value={s.type}
                      options={swTypes.data}
                      onChange={(type) => set({ songwriters: t.songwriters.map((x, j) => (j === i ? { ...x, type } : x)) })}
                    />
                  </div>
                  <Button
                    aria-label={`Remove songwriter ${i + 1}`}
                    icon={<DeleteOutlined />}
                    onClick={() => set({ songwriters: t.songwriters.filter((_, j) => j !== i) })}
                  />
                </Space>
              ))}
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() => set({ songwriters: [...t.songwriters, { name: '', type: null }] })}
              >
                Add songwriter
              </Button>
            </Space>
          </Field>
        </Col>
        <Col xs={24} md={12}>
          <Field label="Publishers">
            <Names label={`Track ${t.position} publishers`} value={t.publishers} onChange={(publishers) => set({ publishers })} />
          </Field>
        </Col>
        <Col xs={24}>
          <Field label="Copyright holder" required error={e('copyrightHolder')}>
            <Input.TextArea
              aria-label={`Track ${t.position} copyright holder`}
              autoSize
              value={t.copyrightHolder}
              onChange={(ev) => set({ copyrightHolder: ev.target.value })}
            />
          </Field>
        </Col>
      </Row>
    </Form>
  );
}
