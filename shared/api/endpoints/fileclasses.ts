/**
 * File classes (spec §7 Others "fileclasses"; the spec names the call only): one lookup
 * list of the kinds of file the store keeps, for labelling files and checking uploads —
 * the §9 audio formats (the lossless sources wav, flac and aiff a supplier may upload, the
 * store's encodes mp3 and AAC 128/256 in MP4, the lo-fi previews) and the §3 image types
 * (the auxiliary image-types list) with the rule each image upload follows.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { listEnvelope } from '../envelope';

export const FILE_CLASS_KINDS = ['audio', 'image'] as const;

export const FileClass = z.object({
  /** Stable key: `audio:<format>` (the AUDIO_FORMAT value) or `image:<slug of the image type>`. */
  key: z.string(),
  kind: z.enum(FILE_CLASS_KINDS),
  name: z.string(),
  /** The file name suffixes and content types of the class. */
  suffixes: z.array(z.string()),
  mime_types: z.array(z.string()),
  /** Audio: a lossless source (what suppliers upload and encodes are made from). Null for images. */
  lossless: z.boolean().nullable(),
  /** Audio: a lo-fi preview. Null for images. */
  preview: z.boolean().nullable(),
  /** Image: the auxiliary image-types id. Null for audio. */
  image_type_id: z.number().int().nullable(),
  /** Image: the least width and height an upload must have, and whether it must be square (§5); null when no rule. */
  min_side: z.number().int().nullable(),
  square: z.boolean().nullable(),
  /** Image: the size it is stored at ([width, height], §9 crops); null when kept as uploaded or cropped per use. */
  stored_size: z.tuple([z.number().int(), z.number().int()]).nullable(),
});
export type FileClass = z.infer<typeof FileClass>;

export const FileClassQuery = z.strictObject({
  kind: z.enum(FILE_CLASS_KINDS, { error: `Choose one of: ${FILE_CLASS_KINDS.join(', ')}.` }).optional(),
});

export const fileClassEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v4/fileclasses/',
    query: FileClassQuery,
    response: listEnvelope(FileClass),
    doc: 'The file classes: the §9 audio formats, then the image types with their upload rules (any signed-in user; cached for 5 minutes); `kind=audio|image` keeps one kind.',
  }),
};
