/**
 * The upload control of an image tab (a release's cover art, a label's or a chart's
 * image): what the image must be, the button, the API's refusal in its words. The image
 * is picked with the native dialog in the desktop app or main's folder browser in the
 * browser host; `upload` sends the picked path (main reads and POSTs the file).
 */
import type { ReactNode } from 'react';
import { Alert, Button, Space, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { UseMutationResult } from '@tanstack/react-query';
import { bodyErrorText, isErrorStatus } from '../../lib/http-errors';
import { uploadFailureText } from '../../lib/upload-errors';
import { useImagePick } from '../../ui/files/image-pick';

/**
 * A failed image upload's text: for a refusal, the API's messages for the image (the §5
 * rule's words), else the body-error text (main's refusal of the picked file in its
 * words); for any other failure §8's "Upload failed. Please try again.".
 */
export function uploadErrorText(error: unknown): string {
  return uploadFailureText(error, (refused) => {
    const detail = isErrorStatus(refused.status) ? refused.detail : undefined;
    const image = detail && typeof detail === 'object' && 'image' in detail ? (detail as { image: unknown }).image : undefined;
    if (Array.isArray(image) && image.every((m) => typeof m === 'string') && image.length) return image.join(' ');
    return bodyErrorText(refused);
  });
}

export function ImageUpload({
  hint,
  label,
  title,
  errorTestId,
  upload,
}: {
  hint: ReactNode;
  /** The button's text. */
  label: string;
  /** The folder browser's title. */
  title: string;
  errorTestId: string;
  upload: UseMutationResult<unknown, unknown, string>;
}) {
  const { pick: pickImage, browser } = useImagePick(title, (p) => upload.mutate(p));
  const pick = async () => {
    upload.reset();
    await pickImage();
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{hint}</Typography.Text>
      <Button icon={<UploadOutlined />} loading={upload.isPending} onClick={() => void pick()}>
        {label}
      </Button>
      {upload.isError && <Alert type="error" showIcon data-testid={errorTestId} title={uploadErrorText(upload.error)} />}
      {browser}
    </Space>
  );
}
