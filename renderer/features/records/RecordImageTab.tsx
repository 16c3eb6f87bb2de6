/**
 * A label's or a chart's Image tab (spec §3 "image 500x500", §7 "images POST"), also an
 * artist's profile image on its Muzooka tab: the stored image (a media URL of main's, so
 * the token never reaches the page) and, for whoever writes the type, an upload: the
 * image is picked with the native dialog or main's folder browser in the browser host,
 * and main reads and POSTs it. A label's image must be at least 500x500 and square (§5);
 * the API's refusal shows here in its words.
 */
import { App, Empty, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RECORD_IMAGE_RULES, type ImageRecordType } from '../../../shared/api/endpoints';
import { bridge } from '../../lib/bridge';
import { recordKeys, recordQueries } from './api';
import { ImageUpload } from './ImageUpload';
import { useMayWrite } from './tab-parts';
import type { RecordTabProps } from './tabs';

function StoredImage({ type, id, version, alt }: { type: ImageRecordType; id: number; version: string; alt: string }) {
  const url = useQuery(recordQueries.mediaUrl({ kind: 'recordImage', type, id }, version));
  const side = RECORD_IMAGE_RULES[type].side;
  if (!url.data) return <div className="cover-art__image cover-art__image--empty" />;
  return <img className="cover-art__image" data-testid="record-image" src={url.data} alt={alt} width={side} height={side} />;
}

export default function RecordImageTab({ type, id, row, onRecord }: RecordTabProps) {
  const t = type as ImageRecordType;
  const rule = RECORD_IMAGE_RULES[t];
  const mayWrite = useMayWrite(t);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (path: string) => bridge.mediaRecordImageUpload({ type: t, id, path }),
    onSuccess: (fresh) => {
      onRecord?.({ row: fresh, etag: `"v${String(fresh.version)}"` });
      void queryClient.invalidateQueries({ queryKey: recordKeys.historyAll(t, id) });
      void message.success('Image saved');
    },
  });
  const stored = typeof row.image_url === 'string' && row.image_url.endsWith(`/${t}/${id}/image/`);
  const name = String(row.name ?? row.title ?? id);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="record-image-tab">
      {stored ? (
        <StoredImage type={t} id={id} version={String(row.version)} alt={`Image of ${name}`} />
      ) : (
        <Empty description="No image yet" />
      )}
      {mayWrite && (
        <ImageUpload
          hint={
            rule.squareMin
              ? `JPEG or PNG, square, at least ${rule.squareMin}×${rule.squareMin}; stored at ${rule.side}×${rule.side}.`
              : `JPEG or PNG; its centre is stored as a ${rule.side}×${rule.side} square.`
          }
          label="Upload image…"
          title="Choose an image"
          errorTestId="record-image-error"
          upload={upload}
        />
      )}
    </Space>
  );
}
