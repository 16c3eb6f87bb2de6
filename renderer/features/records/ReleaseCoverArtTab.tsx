/**
 * A release's Cover Art tab: the current cover (the §9 default crop, served through a
 * media URL of main's, so the token never reaches the page) and its stored images. A
 * catalogue writer uploads a new one: the image is picked with the native dialog in the
 * desktop app or main's folder browser in the browser host, and main reads and POSTs
 * it; the API applies the §5 rule (at least 500x500, square) and its refusal shows here
 * in the rule's words. Read-only for everyone else.
 */
import { Alert, App, Button, Descriptions, Empty, Space, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COVER_ART_MIN, IMAGE_CROPS } from '../../../shared/constants';
import type { ReleaseImage } from '../../../shared/api/endpoints';
import { displayDate, formatFileSize } from '../../../shared/search/format';
import { BridgeError } from '../../lib/bridge';
import { bodyErrorText, isErrorStatus } from '../../lib/http-errors';
import { Loading } from '../../ui/Loading';
import { useImagePick } from '../packaging/image-pick';
import { recordKeys, recordQueries, uploadCoverArt } from './api';
import { LoadError, useMayWrite } from './tab-parts';
import type { RecordTabProps } from './tabs';

const VARIANT_LABEL: Record<ReleaseImage['variant'], string> = { original: 'Uploaded Image', default: 'Default Crop' };

/** An upload's refusal: the API's messages for the image (the §5 rule's words), else the body-error text. */
export function uploadErrorText(error: unknown): string {
  const detail = error instanceof BridgeError && isErrorStatus(error.status) ? error.detail : undefined;
  const image = detail && typeof detail === 'object' && 'image' in detail ? (detail as { image: unknown }).image : undefined;
  if (Array.isArray(image) && image.every((m) => typeof m === 'string') && image.length) return image.join(' ');
  return bodyErrorText(error);
}

function CoverImage({ id, title, image }: { id: number; title: string; image: ReleaseImage }) {
  const url = useQuery(recordQueries.mediaUrl({ kind: 'releaseImage', releaseId: id, variant: image.variant }, image.created_at));
  if (!url.data) return <div className="cover-art__image cover-art__image--empty" />;
  return <img className="cover-art__image" data-testid="cover-art-image" src={url.data} alt={`Cover art of ${title}`} width={image.width} height={image.height} />;
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
  const { pick: pickImage, browser } = useImagePick('Choose cover art', (p) => upload.mutate(p));
  const pick = async () => {
    upload.reset();
    await pickImage();
  };

  if (q.isPending) return <Loading />;
  if (q.isError) return <LoadError error={q.error} />;
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
              <span data-testid={`cover-art-${i.variant}`}>{i.width}×{i.height}</span> · {formatFileSize(i.size_bytes)} · {displayDate(i.created_at)}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
      {mayWrite && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            JPEG or PNG, square, at least {COVER_ART_MIN}×{COVER_ART_MIN}; a {w}×{h} crop is made from it.
          </Typography.Text>
          <Button icon={<UploadOutlined />} loading={upload.isPending} onClick={() => void pick()}>
            Upload cover art…
          </Button>
          {upload.isError && <Alert type="error" showIcon data-testid="cover-art-error" title={uploadErrorText(upload.error)} />}
        </Space>
      )}
      {browser}
    </Space>
  );
}
