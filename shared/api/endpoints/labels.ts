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
import { endpoint, IdParam } from '../endpoint';
import { listEnvelope } from '../envelope';
import { ObjectRow } from './lists';
import { Contract, ContractBody, ContractPatch, LabelMapping } from './suppliers';

const params = z.object({ id: IdParam });
const itemParams = z.object({ id: IdParam, item: IdParam });
const LABEL = '/v4/catalog/labels/:id/';

/**
 * An unclaimed label's temporary account (spec §3 "temporary username and password when
 * unclaimed"): the password is in this answer only; the server keeps its scrypt hash
 * (the account is a label user who signs in with it).
 */
export const TempAccount = z.object({ label_id: z.number().int(), username: z.string(), password: z.string(), email: z.string() });
export type TempAccount = z.infer<typeof TempAccount>;
/** The email of a temporary label account (GET /v4/auth/temp-account-email/ answers it too). */
export const tempAccountEmailOf = (username: string) => `${username}@accounts.sandbox.example`;
/** A temporary account asked for a label whose account is claimed (409). */
export const LABEL_CLAIMED_MSG = "This label's account is claimed: it has no temporary account.";

/** A label mapping as the label's Mappings tab lists it: the supplier whose deliveries name the label so. */
export const LabelMappingOfLabel = LabelMapping.extend({ supplier: z.string() });
export type LabelMappingOfLabel = z.infer<typeof LabelMappingOfLabel>;

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
    method: 'POST',
    path: '/v4/catalog/labels/',
    body: LabelCreateBody,
    response: ObjectRow,
    doc: "Creates a label of a supplier; 409 listing `similar_labels` when its normalised name is identical or close to another's, unless `confirm_similar`; 201 with the label and its ETag.",
  }),
  contracts: endpoint({
    method: 'GET',
    path: `${LABEL}contracts/`,
    params,
    response: listEnvelope(Contract),
    doc: "A label's contracts, newest start first.",
  }),
  addContract: endpoint({
    method: 'POST',
    path: `${LABEL}contracts/`,
    params,
    body: ContractBody,
    response: Contract,
    doc: 'Adds a contract to a label (type from contract-types, commercial model, start, optional end after start); 201.',
  }),
  patchContract: endpoint({
    method: 'PATCH',
    path: `${LABEL}contracts/:item/`,
    params: itemParams,
    body: ContractPatch,
    response: Contract,
    doc: "Changes one of a label's contracts (If-Match required).",
  }),
  mappings: endpoint({
    method: 'GET',
    path: `${LABEL}mappings/`,
    params,
    response: listEnvelope(LabelMappingOfLabel),
    doc: 'The supplier label mappings that map a delivered label name to this label (what ingestion applies), by supplier and name.',
  }),
  downloadCsv: endpoint({
    method: 'GET',
    path: `${LABEL}download-csv/`,
    params,
    response: z.string(),
    doc: "The label's catalogue as CSV: one line per track of its releases (release and track ids, titles, catalogue number, UPC, ISRC, dates, encode status).",
  }),
  tempAccount: endpoint({
    method: 'POST',
    path: `${LABEL}temp-account/`,
    params,
    response: TempAccount,
    doc: 'Generates the temporary username and password of an unclaimed label (a new password each time; shown in this answer only); 409 when the account is claimed.',
  }),
};
