// @vitest-environment happy-dom
/**
 * The pure parts of the media and DJ-edit tabs and of History: a history row's reference
 * values by name ("#id" for a record since deleted), whether a DJ edit's parent keeps it
 * hidden, whether a track has something to preview, and a cover upload's refusal in the
 * §5 rule's words.
 */
import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../shared/bridge/error';
import { PKG_MSG } from '../../shared/packaging/messages';
import { referenceText } from '../../renderer/features/records/HistoryTab';
import { parentBlocksShowing } from '../../renderer/features/records/TrackDjEditsTab';
import { playable } from '../../renderer/features/records/TrackAudioFilesTab';
import { uploadErrorText } from '../../renderer/features/records/ImageUpload';

const file = (format: string, stored: boolean) =>
  ({ id: 1, format, size_bytes: 1, storage_key: 'k', created_at: '2026-01-01', stored }) as Parameters<typeof playable>[0][number];

describe('record media parts', () => {
  it('history references: names by id, "#id" for one without a name, null for what is not an id', () => {
    expect(referenceText({ 1: 'Label One' }, 1)).toBe('Label One');
    expect(referenceText({ 5: 'Five' }, [5, 9])).toBe('Five, #9');
    expect(referenceText(undefined, 3)).toBe('#3');
    expect(referenceText({}, null)).toBeNull();
    expect(referenceText({}, [])).toBeNull();
  });

  it('a DJ edit cannot be shown while its parent is hidden or disabled', () => {
    expect(parentBlocksShowing({ hidden: true, enabled: true })).toBe(true);
    expect(parentBlocksShowing({ hidden: false, enabled: false })).toBe(true);
    expect(parentBlocksShowing({ hidden: false, enabled: true })).toBe(false);
  });

  it('a preview plays from a stored preview or lossless source only', () => {
    expect(playable([file('wav', true)])).toBe(true);
    expect(playable([file('preview-mp3', true)])).toBe(true);
    expect(playable([file('wav', false), file('mp3', true)])).toBe(false);
    expect(playable([])).toBe(false);
  });

  it("a cover upload refused by the API shows the image's messages, else the body-error text", () => {
    const refused = new BridgeError({
      code: 'http_error',
      status: 400,
      message: 'Bad Request',
      detail: { image: [PKG_MSG.coverArtTooSmall] },
    });
    expect(uploadErrorText(refused)).toBe(PKG_MSG.coverArtTooSmall);
    const other = new BridgeError({
      code: 'http_error',
      status: 403,
      message: 'Forbidden',
      detail: 'You do not have permission to perform this action.',
    });
    expect(uploadErrorText(other)).toBe('You do not have permission to perform this action.');
  });
});
