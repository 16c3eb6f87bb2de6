/** Step 2: Track Details. Audio in, tracks ordered by drag (§4 renumbering), each track edited. */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { Alert, Button, Collapse, Empty, Space, Tag, Typography } from 'antd';
import { useState, type Dispatch } from 'react';
import type { PackagingDraft } from '../../../shared/packaging/draft';
import type { ScanEntry } from '../../../shared/packaging/model';
import { releaseGroups, type ReleaseGroup } from '../../../shared/packaging/releases';
import { CoverArtField } from './CoverArtField';
import type { DraftAction } from './draft-reducer';
import { ReleaseChoice } from './ReleaseChoice';
import { formatSummary, ScanPanel } from './ScanPanel';
import { TrackEditor } from './TrackEditor';

export function TrackDetailsStep({
  draft,
  dispatch,
  issues,
  entries,
  onScanned,
  rescanning,
}: {
  draft: PackagingDraft;
  dispatch: Dispatch<DraftAction>;
  issues: Map<string, string>;
  entries: Map<string, ScanEntry>;
  onScanned: (sources: string[], entries: ScanEntry[], only?: readonly string[]) => void;
  rescanning: boolean;
}) {
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const tracks = [...draft.tracks].sort((a, b) => a.position - b.position);
  const move = (from: number, to: number) => dispatch({ type: 'move', from, to });
  const listed = [...entries.values()];
  /** A scan whose new files come from several releases, until the supplier chooses. */
  const [choice, setChoice] = useState<{ sources: string[]; found: ScanEntry[]; groups: ReleaseGroup[] } | null>(null);
  const scanned = (sources: string[], found: ScanEntry[]) => {
    const have = new Set(draft.tracks.map((t) => t.path));
    const groups = releaseGroups(found.filter((e) => !have.has(e.path)));
    if (groups.length > 1) {
      onScanned(sources, found, []);
      setChoice({ sources, found, groups });
    } else {
      setChoice(null);
      onScanned(sources, found);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <CoverArtField value={draft.coverArt} onChange={(coverArt) => dispatch({ type: 'coverArt', coverArt })} />
      {rescanning && <Alert type="info" showIcon message="Reading your draft's audio folders again…" />}
      <ScanPanel entries={listed} onScanned={scanned} />
      {choice && (
        <ReleaseChoice
          groups={choice.groups}
          onCancel={() => setChoice(null)}
          onChoose={(paths) => {
            onScanned(choice.sources, choice.found, paths);
            setChoice(null);
          }}
        />
      )}
      {tracks.length === 0 ? (
        <Empty description="No tracks yet: add an audio folder" />
      ) : (
        <Collapse
          data-testid="track-list"
          // The title opens a track, not the whole header: its move and remove buttons are not nested in a button.
          collapsible="header"
          className="track-list"
          items={tracks.map((t, i) => {
            const entry = entries.get(t.path);
            const errs = [...issues.keys()].filter((k) => k.startsWith(`tracks.${t.position}.`)).length;
            return {
              key: t.path,
              label: (
                <div
                  draggable
                  data-testid={`track-row-${t.position}`}
                  onDragStart={() => setDragFrom(i)}
                  onDragOver={(ev) => ev.preventDefault()}
                  onDrop={(ev) => {
                    ev.preventDefault();
                    if (dragFrom !== null && dragFrom !== i) move(dragFrom, i);
                    setDragFrom(null);
                  }}
                >
                  <Space wrap size={[8, 2]}>
                    <HolderOutlined style={{ cursor: 'grab' }} aria-label="Drag to reorder" />
                    <Typography.Text strong>{t.position}.</Typography.Text>
                    <Typography.Text>{t.title || t.fileName}</Typography.Text>
                    <Typography.Text type="secondary">{t.fileName}</Typography.Text>
                    {entry && <Typography.Text type="secondary">{formatSummary(entry)}</Typography.Text>}
                    {entry?.issues.map((x) => (
                      <Tag key={x.code} color={x.level === 'error' ? 'red' : 'orange'}>
                        {x.message}
                      </Tag>
                    ))}
                    {errs > 0 && <Tag color="red">{errs} to fix</Tag>}
                  </Space>
                </div>
              ),
              extra: (
                <Space onClick={(ev) => ev.stopPropagation()}>
                  <Button
                    size="small"
                    aria-label={`Move track ${t.position} up`}
                    icon={<ArrowUpOutlined />}
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                  />
                  <Button
                    size="small"
                    aria-label={`Move track ${t.position} down`}
                    icon={<ArrowDownOutlined />}
                    disabled={i === tracks.length - 1}
                    onClick={() => move(i, i + 1)}
                  />
                  <Button
                    size="small"
                    aria-label={`Remove track ${t.position}`}
                    icon={<DeleteOutlined />}
                    onClick={() => dispatch({ type: 'remove', position: t.position })}
                  />
                </Space>
              ),
              children: <TrackEditor track={t} dispatch={dispatch} issues={issues} />,
            };
          })}
        />
      )}
    </Space>
  );
}
