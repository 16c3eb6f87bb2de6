/**
 * A track's Audio Files tab (read-only for everyone who may read the track): each file's
 * format (§9 names), size (§9 formatter), when it was written, and whether it is in
 * storage. Above them, a preview player when a playable file (a preview, or a lossless
 * source until previews are encoded) is in storage: its source is a media URL of main's
 * (GET …/stream/ fetched with the token in main, HTTP Range passed through), so the token
 * never reaches the page. A re-encode (the page header's action) refreshes this list.
 */
import { Empty, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AudioFile } from '../../../shared/api/endpoints';
import { displayDate, formatFileSize } from '../../../shared/search/format';
import { AUDIO_FORMAT, termOf } from '../../../shared/vocabularies';
import { ListSkeleton } from '../../ui/ListState';
import { TONE_COLOR } from '../../ui/tones';
import { recordQueries } from './api';
import { LoadError, TAB_TABLE } from './tab-parts';
import type { RecordTabProps } from './tabs';

/** The §9 name of an audio format ("AAC 256 (MP4)"), the wire value for one we do not know. */
export function audioFormatLabel(format: string): string {
  return termOf(AUDIO_FORMAT, format)?.label ?? format;
}

/** Whether the stream has something to play: a stored preview or lossless source (the API's STREAM_FORMATS). */
export function playable(files: readonly AudioFile[]): boolean {
  return files.some((f) => f.stored && AUDIO_FORMAT.some((t) => t.value === f.format && (t.preview || t.lossless)));
}

function Preview({ id }: { id: number }) {
  const url = useQuery(recordQueries.mediaUrl({ kind: 'trackStream', trackId: id }));
  if (url.isError) return <LoadError error={url.error} onRetry={url.refetch} />;
  return (
    <div className="audio-preview">
      <span id={`audio-preview-${id}`}>Preview</span>
      {url.data && <audio data-testid="audio-preview" controls preload="metadata" src={url.data} aria-labelledby={`audio-preview-${id}`} />}
    </div>
  );
}

export default function TrackAudioFilesTab({ id }: RecordTabProps) {
  const q = useQuery(recordQueries.audioFiles(id));
  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;
  if (q.data.results.length === 0) return <Empty description="This track has no audio files yet" />;
  return (
    <>
      {playable(q.data.results) && <Preview id={id} />}
      <Table<AudioFile>
        data-testid="audio-files"
        {...TAB_TABLE}
        dataSource={q.data.results}
        columns={[
          { key: 'format', title: 'Format', render: (_, f) => <span data-testid="audio-format">{audioFormatLabel(f.format)}</span> },
          {
            key: 'size',
            title: 'Size',
            align: 'right',
            render: (_, f) => <span data-testid="audio-size">{formatFileSize(f.size_bytes)}</span>,
          },
          { key: 'created', title: 'Created', render: (_, f) => displayDate(f.created_at) },
          {
            key: 'stored',
            title: 'In Storage',
            render: (_, f) =>
              f.stored ? <Tag color={TONE_COLOR.success}>Stored</Tag> : <Tag color={TONE_COLOR.warning}>Not in storage</Tag>,
          },
        ]}
      />
    </>
  );
}
