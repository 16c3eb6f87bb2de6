/**
 * The supplier service agreement (spec §1, §2 /service-agreement, §7 Suppliers
 * service-agreement POST): the text in force with its version, a supplier's acceptances,
 * and accepting the version in force.
 */
import { z } from 'zod';
import { endpoint, IdParam } from '../endpoint';

/** The agreement in force; `accepted_at` says when the caller's own supplier accepted this version (null: not yet, or not a supplier user). */
export const ServiceAgreement = z.object({
  version: z.string(),
  title: z.string(),
  sections: z.array(z.string()),
  accepted_at: z.string().nullable(),
});
export type ServiceAgreement = z.infer<typeof ServiceAgreement>;

/** One acceptance: which version, who, when and from which address. */
export const AgreementAcceptance = z.object({
  id: z.number().int(),
  supplier_id: z.number().int(),
  version: z.string(),
  accepted_at: z.string(),
  ip: z.string(),
  user: z.object({ id: z.number().int(), username: z.string(), display_name: z.string().nullable() }),
});
export type AgreementAcceptance = z.infer<typeof AgreementAcceptance>;

/** Accepting names the version read, so an agreement changed while it was open is not accepted unread. */
export const agreementAccept = z.strictObject({ version: z.string().min(1).max(64) });

const params = z.object({ id: IdParam });

export const serviceAgreementEndpoints = {
  current: endpoint({
    method: 'GET',
    path: '/v4/catalog/service-agreement/',
    response: ServiceAgreement,
    beforeAgreement: true,
    doc: "The service agreement in force (version, title, sections) and when the caller's own supplier accepted that version (null when it has not).",
  }),
  acceptances: endpoint({
    method: 'GET',
    path: '/v4/catalog/suppliers/:id/service-agreement/',
    params,
    response: z.array(AgreementAcceptance),
    beforeAgreement: true,
    doc: 'Who of a supplier accepted which version of the service agreement, when and from which IP address; newest first.',
  }),
  accept: endpoint({
    method: 'POST',
    path: '/v4/catalog/suppliers/:id/service-agreement/',
    params,
    body: agreementAccept,
    response: AgreementAcceptance,
    beforeAgreement: true,
    doc: 'The signed-in supplier user accepts the version in force for its own supplier (400 naming `version` for any other version); 201 with the acceptance.',
  }),
};
