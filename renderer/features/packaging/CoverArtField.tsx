/** Cover art: drop (Electron resolves the path) or pick; main reads the image's size. */
import { PictureOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { COVER_ART_MIN, IMAGE_CROPS } from '../../../shared/constants';
import type { CoverArt } from '../../../shared/packaging/draft';
import { coverArt as coverArtRule } from '../../../shared/packaging/rules';
import { bridge } from '../../lib/bridge';
import { errorText } from '../../lib/http-errors';
import { FolderBrowser } from '../../ui/files/FolderBrowser';
import { DROP_NEEDS_APP, droppedPath, pickNative } from '../../ui/files/pick';

export function CoverArtField({ value, onChange }: { value: CoverArt | null; onChange: (c: CoverArt | null) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [browsing, setBrowsing] = useState(false);
  const read = (path: string) => {
    setError(null);
    bridge.packagingCoverArt({ path }).then(onChange, (e: unknown) => setError(errorText(e)));
  };
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    noClick: true,
    noKeyboard: true,
    multiple: false,
    accept: { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'] },
    onDrop: (files) => {
      const path = files[0] && droppedPath(files[0]);
      if (path) read(path);
      else if (files.length) setError(DROP_NEEDS_APP);
    },
  });
  const pick = async () => {
    const paths = await pickNative('coverArt');
    if (paths === null) setBrowsing(true);
    else if (paths[0]) read(paths[0]);
  };
  const check = value ? coverArtRule(value) : null;
  const [w, h] = IMAGE_CROPS.default;

  return (
    <div {...getRootProps()} className={`packaging-drop${isDragActive ? ' packaging-drop--active' : ''}`} data-testid="cover-art">
      <input {...getInputProps()} />
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <PictureOutlined />
          <Typography.Text strong>Cover art</Typography.Text>
          <Typography.Text type="secondary">
            JPEG or PNG, square, at least {COVER_ART_MIN}×{COVER_ART_MIN} ({w}×{h} recommended). Drop it here or
          </Typography.Text>
          <Button size="small" onClick={() => void pick()}>
            Browse…
          </Button>
          {value && (
            <Button size="small" onClick={() => onChange(null)}>
              Remove
            </Button>
          )}
        </Space>
        {value && (
          <Typography.Text data-testid="cover-art-summary">
            {value.path.split(/[\\/]/).pop()} — {value.width}×{value.height} {value.format.toUpperCase()}
          </Typography.Text>
        )}
        {check?.errors.map((m) => (
          <Alert key={m} type="error" showIcon message={m} />
        ))}
        {check?.warnings.map((m) => (
          <Alert key={m} type="warning" showIcon message={m} />
        ))}
        {error && <Alert type="error" showIcon message={error} />}
      </Space>
      <FolderBrowser
        open={browsing}
        title="Choose cover art"
        mode="file"
        show="images"
        kind="coverArt"
        onCancel={() => setBrowsing(false)}
        onPick={(p) => {
          setBrowsing(false);
          read(p);
        }}
      />
    </div>
  );
}
