/**
 * A label's or a chart's Image tab (spec §3 "image 500x500", §7 "images POST"): the
 * stored image (a media URL of main's, so the token never reaches the page) and, for
 * whoever writes the type, an upload: the image is picked with the native dialog or main's
 * folder browser in the browser host, and main reads and POSTs it. A label's image must be
 * at least 500x500 and square (§5); the API's refusal shows here in its words.
 */
import { useState } from 'react';
import { Alert, App, Button, Empty, Space, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RECORD_IMAGE_RULES, type ImageRecordType } from '../../../shared/api/endpoints';
import { bridge } from '../../lib/bridge';
import { FolderBrowser } from '../packaging/FolderBrowser';
import { pickNative } from '../packaging/pick';
import { recordKeys, recordQueries } from './api';
import { uploadErrorText } from './ReleaseCoverArtTab';
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
  const [browsing, setBrowsing] = useState(false);
  const upload = useMutation({
    mutationFn: (path: string) => bridge.mediaRecordImageUpload({ type: t, id, path }),
    onSuccess: (fresh) => {
      onRecord?.({ row: fresh, etag: `"v${String(fresh.version)}"` });
      void queryClient.invalidateQueries({ queryKey: recordKeys.historyAll(t, id) });
      void message.success('Image saved');
    },
  });
  const pick = async () => {
    upload.reset();
    const paths = await pickNative('coverArt');
    if (paths === null) setBrowsing(true);
    else if (paths[0]) upload.mutate(paths[0]);
  };
  const stored = typeof row.image_url === 'string' && row.image_url.endsWith(`/${t}/${id}/image/`);
  const name = String(row.name ?? row.title ?? id);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="record-image-tab">
      {stored ? <StoredImage type={t} id={id} version={String(row.version)} alt={`Image of ${name}`} /> : <Empty description="No image yet" />}
      {mayWrite && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            {rule.squareMin
              ? `JPEG or PNG, square, at least ${rule.squareMin}×${rule.squareMin}; stored at ${rule.side}×${rule.side}.`
              : `JPEG or PNG; its centre is stored as a ${rule.side}×${rule.side} square.`}
          </Typography.Text>
          <Button icon={<UploadOutlined />} loading={upload.isPending} onClick={() => void pick()}>
            Upload image…
          </Button>
          {upload.isError && <Alert type="error" showIcon data-testid="record-image-error" title={uploadErrorText(upload.error)} />}
        </Space>
      )}
      <FolderBrowser
        open={browsing}
        title="Choose an image"
        mode="file"
        show="images"
        kind="coverArt"
        onCancel={() => setBrowsing(false)}
        onPick={(p) => {
          setBrowsing(false);
          upload.mutate(p);
        }}
      />
    </Space>
  );
}
