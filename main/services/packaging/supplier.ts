/**
 * The package sender's supplier record from the v4 API, through the declared
 * endpoints: staff name a supplier (its object, GET /v4/catalog/suppliers/{id}/); a
 * supplier or label user's own comes from /v4/my/supplier/ (the suppliers list is
 * staff-only, spec §6). An answer without the sender's fields fails as the API
 * client's `bad_response`, naming the call and the field.
 */
import { parseAs, pathOf } from '../../../shared/api/endpoint';
import { MySupplier, listEndpoints, meEndpoints } from '../../../shared/api/endpoints';
import type { ApiClient } from '../api-client';
import type { SupplierRecord } from './index';

export function supplierFetcher(api: Pick<ApiClient, 'call'>) {
  return async (supplierId?: number): Promise<SupplierRecord> => {
    if (!supplierId) return (await api.call(meEndpoints.mySupplier, {})).data;
    const supplier = listEndpoints('suppliers').get;
    const { data } = await api.call(supplier, { params: { id: supplierId } });
    // A supplier object carries more than the sender's fields; the ones the package needs must be there.
    return parseAs(MySupplier, `${supplier.method} ${pathOf(supplier, { id: supplierId })}`, data);
  };
}
