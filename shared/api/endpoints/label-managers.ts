/**
 * Label managers (spec §3 "Label manager: name, id, enabled"; §7 content ops
 * label-managers GET/POST/PATCH): the /label-manager screen lists them with the labels
 * each manages, creates them and changes their name or whether they are enabled. Which
 * manager a label has is the label's `label_manager_id` (its record page); the §6
 * label-manager search filter is unchanged. Names are unique without regard to case.
 */
import { z } from 'zod';
import { NAME_MAX } from '../../records/values';
import { endpoint, IdParam } from '../endpoint';
import { listEnvelope } from '../envelope';
import { limited } from '../limits';

export const LABEL_MANAGER_MSG = { nameTaken: 'A label manager with this name already exists.' } as const;
/** The most labels a manager's row lists by name (label_count says how many it has). */
export const LABEL_MANAGER_LABELS_SHOWN = 50;

export const LabelManager = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  version: z.number().int(),
  label_count: z.number().int(),
  labels: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type LabelManager = z.infer<typeof LabelManager>;

const name = z.string({ error: 'This field may not be blank.' }).trim().min(1, 'This field may not be blank.').pipe(limited(NAME_MAX));
const enabled = z.boolean({ error: 'Must be true or false.' });
export const LabelManagerBody = z.strictObject({ name, enabled: enabled.optional() });
export const LabelManagerPatch = z.strictObject({ name: name.optional(), enabled: enabled.optional() });

const PATH = '/v4/content-ops/label-managers/';

export const labelManagerEndpoints = {
  list: endpoint({
    method: 'GET',
    path: PATH,
    response: listEnvelope(LabelManager),
    doc: 'Every label manager by name, with how many labels it manages and the first LABEL_MANAGER_LABELS_SHOWN of them by name.',
  }),
  create: endpoint({
    method: 'POST',
    path: PATH,
    body: LabelManagerBody,
    response: LabelManager,
    doc: 'Adds a label manager (enabled unless said); 201. A name taken (any case) is a 400 naming `name`.',
  }),
  patch: endpoint({
    method: 'PATCH',
    path: `${PATH}:id/`,
    params: z.object({ id: IdParam }),
    body: LabelManagerPatch,
    response: LabelManager,
    doc: "Changes a label manager's name or whether it is enabled.",
  }),
};
