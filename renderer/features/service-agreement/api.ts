/** The agreement in force and whether the signed-in supplier accepted it: one query for the console guard and the page. */
import { serviceAgreementEndpoints } from '../../../shared/api/endpoints';
import { BridgeError } from '../../../shared/bridge/error';
import { STATUS_TEXT } from '../../../shared/messages';
import { endpointQuery } from '../../lib/api';

export const agreementQuery = endpointQuery(serviceAgreementEndpoints.current, {});

/**
 * Whether a failed call was refused because the supplier has not accepted the agreement
 * in force (server/api/route.ts `admit`: 403 with the §8 text as its detail; any other
 * refusal carries another detail). A new version can come into force mid-session.
 */
export function isAgreementRefusal(error: unknown): boolean {
  return error instanceof BridgeError && error.status === 403 && error.detail === STATUS_TEXT[403];
}
