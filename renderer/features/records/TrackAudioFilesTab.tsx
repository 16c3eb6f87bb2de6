/**
 * A track's Audio Files tab (read-only for everyone who may read the track): each file's
 * format (§9 names), size (§9 formatter), when it was written, and whether it is in
 * storage. No preview player: the stream is GET …/stream/ with the bearer token, which
 * stays in main; the bridge has no channel that hands the renderer audio without it.
 * A re-encode (the page header's action) refreshes this list.
 */
import { Empty, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AudioFile } from '../../../shared/api/endpoints';
import { displayDate, formatFileSize } from '../../../shared/search/format';
import { AUDIO_FORMAT, termOf } from '../../../shared/vocabularies';
import { Loading } from '../../ui/Loading';
import { TONE_COLOR } from '../../ui/tones';
import { recordQueries } from './api';
import { LoadError, TAB_TABLE } from './tab-parts';
import type { RecordTabProps } from './tabs';

/** The §9 name of an audio format ("AAC 256 (MP4)"), the wire value for one we do not know. */
export function audioFormatLabel(format: string): string {
  return termOf(AUDIO_FORMAT, format)?.label ?? format;
}

export default function TrackAudioFilesTab({ id }: RecordTabProps) {
  const q = useQuery(recordQueries.audioFiles(id));
  if (q.isPending) return <Loading />;
  if (q.isError) return <LoadError error={q.error} />;
  if (q.data.results.length === 0) return <Empty description="This track has no audio files yet" />;
  return (
    <Table<AudioFile>
      data-testid="audio-files"
      {...TAB_TABLE}
      dataSource={q.data.results}
      columns={[
        { key: 'format', title: 'Format', render: (_, f) => <span data-testid="audio-format">{audioFormatLabel(f.format)}</span> },
        { key: 'size', title: 'Size', align: 'right', render: (_, f) => <span data-testid="audio-size">{formatFileSize(f.size_bytes)}</span> },
        { key: 'created', title: 'Created', render: (_, f) => displayDate(f.created_at) },
        {
          key: 'stored',
          title: 'In Storage',
          render: (_, f) => (f.stored ? <Tag color={TONE_COLOR.success}>Stored</Tag> : <Tag color={TONE_COLOR.warning}>Not in storage</Tag>),
        },
      ]}
    />
  );
}
