/**
 * The media of releases and tracks (spec §5, §7, §9): a release's cover art (the uploaded
 * original and the default 1400x1400 crop the server makes), a track's audio files, its
 * preview stream and support downloads, and the re-encode calls that start an `encode`
 * job (polled at GET /v4/jobs/encode/{id}/ like every job). The server registers these
 * from here (server/api/routes/media.ts); the bytes live in the storage module
 * (server/storage/).
 */
import { z } from 'zod';
import { COVER_ART_MAX_SIDE } from '../../constants';
import { AUDIO_FORMATS } from '../../vocabularies';
import { endpoint, IdParam } from '../endpoint';
import { listEnvelope } from '../envelope';
import { JobStarted } from './jobs';

/** The API's own cover-art texts (the §5 rule's words are the packaging rule's, shared/packaging/rules.ts coverArt). */
export const MEDIA_MSG = {
  tooLarge: `Cover art must be at most ${COVER_ART_MAX_SIDE}x${COVER_ART_MAX_SIDE}`,
  noAudio: 'This track has no audio to play yet.',
  notStored: 'This file is not in storage.',
} as const;

/** The image types POST …/images/ takes as its raw body (the formats the packaging wizard takes too). */
export const COVER_ART_TYPES = ['image/jpeg', 'image/png'] as const;

/** The stored images of a release: the upload as it came, and the §9 default crop made from it. */
export const IMAGE_VARIANTS = ['original', 'default'] as const;
export const ImageVariant = z.enum(IMAGE_VARIANTS);
export type ImageVariant = z.infer<typeof ImageVariant>;

export const ReleaseImage = z.object({
  variant: ImageVariant,
  width: z.number().int(),
  height: z.number().int(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  created_at: z.string(),
});
export type ReleaseImage = z.infer<typeof ReleaseImage>;

export const AudioFormatValue = z.enum(AUDIO_FORMATS);

/** One audio file of a track (§9 formats), as GET …/audio-files/ lists it. */
export const AudioFile = z.object({
  id: z.number().int(),
  format: AudioFormatValue,
  size_bytes: z.number().int(),
  storage_key: z.string(),
  created_at: z.string(),
  /** Whether the file is in storage now (ingestion writes the row and the file; a missing file is a problem to look into). */
  stored: z.boolean(),
});
export type AudioFile = z.infer<typeof AudioFile>;

/** A file support staff may download (GET …/support-downloads/{format}/ gives its bytes). */
export const SupportDownload = z.object({
  format: AudioFormatValue,
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
});
export type SupportDownload = z.infer<typeof SupportDownload>;

/** Raw bytes: an upload's body, or what a streamed answer carries. */
export const Bytes = z.instanceof(Uint8Array, { error: 'Send the image bytes as the body, with Content-Type image/jpeg or image/png.' });

const idParams = z.object({ id: IdParam });
const RELEASES = '/v4/catalog/releases/:id/';
const TRACKS = '/v4/catalog/tracks/:id/';

export const mediaEndpoints = {
  uploadImage: endpoint({
    method: 'POST',
    path: `${RELEASES}images/`,
    params: idParams,
    body: Bytes,
    response: listEnvelope(ReleaseImage),
    doc: "Sets a release's cover art from the image bytes (JPEG or PNG body, at most COVER_ART_MAX_BYTES): at least 500x500 and square (§5); stores it and its default 1400x1400 crop (§9). 201 with the release's images.",
  }),
  images: endpoint({
    method: 'GET',
    path: `${RELEASES}images/`,
    params: idParams,
    response: listEnvelope(ReleaseImage),
    doc: "A release's stored images (none before its cover art is uploaded).",
  }),
  image: endpoint({
    method: 'GET',
    path: `${RELEASES}images/:variant/`,
    params: z.object({ id: IdParam, variant: ImageVariant }),
    response: Bytes,
    doc: "The bytes of one of a release's images (`original` or the `default` crop), streamed.",
  }),
  audioFiles: endpoint({
    method: 'GET',
    path: `${TRACKS}audio-files/`,
    params: idParams,
    response: listEnvelope(AudioFile),
    doc: "A track's audio files: format (§9), size in bytes, storage key, and whether the file is in storage.",
  }),
  stream: endpoint({
    method: 'GET',
    path: `${TRACKS}stream/`,
    params: idParams,
    response: Bytes,
    doc: "The track's preview audio, streamed, with HTTP Range (206): the lo-fi preview, or its lossless source until a preview is encoded.",
  }),
  supportDownloads: endpoint({
    method: 'GET',
    path: `${TRACKS}support-downloads/`,
    params: idParams,
    response: listEnvelope(SupportDownload),
    doc: "The track's audio files in storage that support staff may download.",
  }),
  supportDownload: endpoint({
    method: 'GET',
    path: `${TRACKS}support-downloads/:format/`,
    params: z.object({ id: IdParam, format: AudioFormatValue }),
    response: Bytes,
    doc: "One support download's bytes, as an attachment.",
  }),
  reencodeRelease: endpoint({
    method: 'POST',
    path: `${RELEASES}reencode/`,
    params: idParams,
    response: JobStarted,
    doc: 'Starts an `encode` job of every track of the release (202). 409 "Failed to start encode job." while one of this release runs.',
  }),
  reencodeTrack: endpoint({
    method: 'POST',
    path: `${TRACKS}reencode/`,
    params: idParams,
    response: JobStarted,
    doc: 'Starts an `encode` job of one track (202). 409 "Failed to start encode job." while one of its release runs.',
  }),
};
