/**
 * An image item's image (spec §5, §9): the user picks a JPEG or PNG (the native dialog in
 * the desktop app, main's folder browser in the browser host), main reads and uploads it
 * (moduleImageUpload), and the upload opens in a cropper (react-easy-crop) held to the
 * aspect of the module's §9 crop. The chosen rectangle, in the image's pixels, goes to
 * the API, which cuts and resizes it with sharp; the crop's path becomes the item's
 * image_url, and its preview shows here (through a media URL of main's).
 */
import { useCallback, useState } from 'react';
import { Alert, Button, Modal, Slider, Space, Typography } from 'antd';
import { ScissorOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import Cropper, { type Area } from 'react-easy-crop';
import { moduleImageEndpoints, type CropRect, type ModuleImage, type ModuleImageUpload } from '../../../shared/api/endpoints';
import { IMAGE_CROP_LABELS } from '../../../shared/constants';
import { bridge } from '../../lib/bridge';
import { fetchData } from '../../lib/api';
import { saveFailedText } from '../../lib/http-errors';
import { useImagePick } from '../../ui/files/image-pick';
import { recordQueries } from '../records/api';
import { uploadErrorText } from '../records/ImageUpload';
import { rectOf } from './crop-rect';

function ModuleImagePreview({ moduleId, image }: { moduleId: number; image: ModuleImage }) {
  const url = useQuery(recordQueries.mediaUrl({ kind: 'moduleImage', moduleId, name: image.name }));
  if (!url.data) return null;
  return (
    <img
      className="module-image__preview"
      data-testid="module-image-preview"
      src={url.data}
      alt="The cropped image"
      width={image.width}
      height={image.height}
      style={{ maxWidth: '100%', height: 'auto' }}
    />
  );
}

export function ModuleImagePicker({ moduleId, onCropped }: { moduleId: number; onCropped: (imageUrl: string) => void }) {
  const [uploaded, setUploaded] = useState<ModuleImageUpload | null>(null);
  const [cropped, setCropped] = useState<ModuleImage | null>(null);
  const upload = useMutation({
    mutationFn: (path: string) => bridge.moduleImageUpload({ moduleId, path }),
    onSuccess: (u) => setUploaded(u),
  });
  const { pick: pickImage, browser } = useImagePick('Choose an image', (p) => upload.mutate(p));
  const pick = async () => {
    upload.reset();
    await pickImage();
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button
        id="item-image-upload"
        icon={<UploadOutlined />}
        loading={upload.isPending}
        onClick={() => void pick()}
        data-testid="module-image-upload"
      >
        Upload and crop an image…
      </Button>
      {upload.isError && <Alert type="error" showIcon data-testid="module-image-error" title={uploadErrorText(upload.error)} />}
      {cropped && (
        <Space direction="vertical">
          <Typography.Text
            type="secondary"
            data-testid="module-image-size"
          >{`Cropped to ${cropped.width}×${cropped.height}`}</Typography.Text>
          <ModuleImagePreview moduleId={moduleId} image={cropped} />
        </Space>
      )}
      {browser}
      {uploaded && (
        <CropModal
          moduleId={moduleId}
          upload={uploaded}
          onCancel={() => setUploaded(null)}
          onDone={(img) => {
            setUploaded(null);
            setCropped(img);
            onCropped(img.image_url);
          }}
        />
      )}
    </Space>
  );
}

function CropModal({
  moduleId,
  upload,
  onCancel,
  onDone,
}: {
  moduleId: number;
  upload: ModuleImageUpload;
  onCancel: () => void;
  onDone: (img: ModuleImage) => void;
}) {
  const src = useQuery(recordQueries.mediaUrl({ kind: 'moduleImage', moduleId, name: upload.name }));
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const onComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);
  const save = useMutation({
    mutationFn: (rect: CropRect) => fetchData(moduleImageEndpoints.crop, { params: { id: moduleId, name: upload.name }, body: rect }),
    onSuccess: onDone,
  });
  const { key, width, height } = upload.crop;
  return (
    <Modal
      open
      title={`Crop to ${IMAGE_CROP_LABELS[key]} (${width}×${height})`}
      onCancel={onCancel}
      okText="Crop"
      okButtonProps={{ disabled: !area, loading: save.isPending, 'data-testid': 'module-image-crop' }}
      onOk={() => area && save.mutate(rectOf(area, upload))}
      destroyOnHidden
    >
      <div
        className="module-image__cropper"
        data-testid="module-image-cropper"
        style={{ position: 'relative', width: '100%', height: 320, background: '#222' }}
      >
        {src.data && (
          <Cropper
            image={src.data}
            crop={crop}
            zoom={zoom}
            aspect={width / height}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={onComplete}
            cropShape="rect"
            showGrid
          />
        )}
      </div>
      <Space style={{ width: '100%', marginTop: 16 }} direction="vertical">
        <Typography.Text>
          <ScissorOutlined aria-hidden /> Zoom
        </Typography.Text>
        <Slider min={1} max={4} step={0.05} value={zoom} onChange={setZoom} ariaLabelForHandle="Zoom" />
        <Typography.Text type="secondary" data-testid="module-image-source">{`Uploaded ${upload.width}×${upload.height}`}</Typography.Text>
      </Space>
      {save.isError && (
        <Alert type="error" showIcon title={saveFailedText('image crop', save.error)} data-testid="module-image-crop-error" />
      )}
    </Modal>
  );
}
