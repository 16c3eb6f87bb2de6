/** The agreement in force and whether the signed-in supplier accepted it: one query for the console guard and the page. */
import { serviceAgreementEndpoints } from '../../../shared/api/endpoints';
import { fetchData } from '../../lib/api';

export const agreementQuery = {
  queryKey: ['service-agreement', 'current'] as const,
  queryFn: () => fetchData(serviceAgreementEndpoints.current, {}),
};
