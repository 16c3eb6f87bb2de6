/**
 * A release's Cover Art tab: the current cover (the §9 default crop, served through a
 * media URL of main's, so the token never reaches the page) and its stored images. A
 * catalogue writer uploads a new one: the image is picked with the native dialog in the
 * desktop app or main's folder browser in the browser host, and main reads and POSTs
 * it; the API applies the §5 rule (at least 500x500, square) and its refusal shows here
 * in the rule's words. Read-only for everyone else.
 */
import { App, Descriptions, Empty, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COVER_ART_MIN, IMAGE_CROPS } from '../../../shared/constants';
import type { ReleaseImage } from '../../../shared/api/endpoints';
import { displayDate, formatFileSize } from '../../../shared/search/format';
import { ListSkeleton } from '../../ui/ListState';
import { recordKeys, recordQueries, uploadCoverArt } from './api';
import { ImageUpload } from './ImageUpload';
import { LoadError, useMayWrite } from './tab-parts';
import type { RecordTabProps } from './tabs';

const VARIANT_LABEL: Record<ReleaseImage['variant'], string> = { original: 'Uploaded Image', default: 'Default Crop' };

function CoverImage({ id, title, image }: { id: number; title: string; image: ReleaseImage }) {
  const url = useQuery(recordQueries.mediaUrl({ kind: 'releaseImage', releaseId: id, variant: image.variant }, image.created_at));
  if (!url.data) return <div className="cover-art__image cover-art__image--empty" />;
  return (
    <img
      className="cover-art__image"
      data-testid="cover-art-image"
      src={url.data}
      alt={`Cover art of ${title}`}
      width={image.width}
      height={image.height}
    />
  );
}

export default function ReleaseCoverArtTab({ id, row }: RecordTabProps) {
  const mayWrite = useMayWrite('releases');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const q = useQuery(recordQueries.images(id));
  const upload = useMutation({
    mutationFn: (path: string) => uploadCoverArt(id, path),
    onSuccess: (data) => {
      queryClient.setQueryData(recordKeys.images(id), { count: data.results.length, next: null, previous: null, results: data.results });
      void queryClient.invalidateQueries({ queryKey: recordKeys.images(id) });
      void queryClient.invalidateQueries({ queryKey: recordKeys.historyAll('releases', id) });
      void message.success('Cover art saved');
    },
  });

  if (q.isPending) return <ListSkeleton />;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;
  const images = q.data.results;
  const shown = images.find((i) => i.variant === 'default') ?? images[0];
  const title = typeof row.title === 'string' ? row.title : `release ${id}`;
  const [w, h] = IMAGE_CROPS.default;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="cover-art-tab">
      {shown ? <CoverImage id={id} title={title} image={shown} /> : <Empty description="This release has no cover art yet" />}
      {images.length > 0 && (
        <Descriptions size="small" column={1} bordered className="cover-art__variants">
          {images.map((i) => (
            <Descriptions.Item key={i.variant} label={VARIANT_LABEL[i.variant]}>
              <span data-testid={`cover-art-${i.variant}`}>
                {i.width}×{i.height}
              </span>{' '}
              · {formatFileSize(i.size_bytes)} · {displayDate(i.created_at)}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
      {mayWrite && (
        <ImageUpload
          hint={`JPEG or PNG, square, at least ${COVER_ART_MIN}×${COVER_ART_MIN}; a ${w}×${h} crop is made from it.`}
          label="Upload cover art…"
          title="Choose cover art"
          errorTestId="cover-art-error"
          upload={upload}
        />
      )}
    </Space>
  );
}
