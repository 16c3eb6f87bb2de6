/**
 * The label calls of spec §7 Labels beyond GET/PATCH by id (the record routes). POST
 * create (§8): a label whose normalised name is identical or close (by trigram
 * similarity) to an existing label's is refused with a 409 that lists the matches under
 * "Label Exists with Similar or Identical Name", unless the body says `confirm_similar:
 * true` (the user saw the warning and continued).
 */
import { z } from 'zod';
import { MSG } from '../../messages';
import { RECORDS } from '../../records/registry';
import { endpoint } from '../endpoint';
import { ObjectRow } from './lists';

/** Trigram similarity (pg_trgm, 0 to 1) of two normalised names at or above which a label is "similar". */
export const SIMILAR_LABEL_THRESHOLD = 0.5;
/** The most matches a warning lists. */
export const SIMILAR_LABEL_MAX = 10;

export const SimilarLabel = z.object({ id: z.number().int(), name: z.string(), supplier: z.string().nullable() });
export type SimilarLabel = z.infer<typeof SimilarLabel>;

/** The 409 body of a create that found similar labels. */
export const SimilarLabelsRefusal = z.object({ name: z.tuple([z.literal(MSG.labelExists)]), similar_labels: z.array(SimilarLabel) });

export const LabelCreateBody = RECORDS.labels.createSchema.extend({
  confirm_similar: z.boolean({ error: 'Must be true or false.' }).optional(),
});

export const labelEndpoints = {
  create: endpoint({
    method: 'POST', path: '/v4/catalog/labels/', body: LabelCreateBody, response: ObjectRow,
    doc: 'Creates a label of a supplier; 409 listing `similar_labels` when its normalised name is identical or close to another\'s, unless `confirm_similar`; 201 with the label and its ETag.',
  }),
};
