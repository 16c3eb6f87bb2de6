/**
 * The package sender's supplier record from the v4 API. Staff name a supplier; a
 * supplier user's own record comes from /v4/my/supplier/ (the suppliers list is
 * staff-only, spec §6).
 */
import { BridgeError } from '../../../shared/bridge';
import type { ApiRequest, ApiResponse } from '../../../shared/bridge/channels/api';
import type { SupplierRecord } from './index';

export function supplierFetcher(request: (req: ApiRequest) => Promise<ApiResponse>) {
  return async (supplierId?: number): Promise<SupplierRecord> => {
    const path = supplierId ? `/v4/catalog/suppliers/${supplierId}/` : '/v4/my/supplier/';
    const res = await request({ method: 'GET', path });
    const d = res.data as Partial<SupplierRecord> | null;
    if (!d || typeof d.id !== 'number' || typeof d.name !== 'string') {
      throw new BridgeError({ code: 'no_supplier', message: 'No supplier record for the package sender' });
    }
    return { id: d.id, name: d.name, ddex_party_id: typeof d.ddex_party_id === 'string' ? d.ddex_party_id : null };
  };
}
