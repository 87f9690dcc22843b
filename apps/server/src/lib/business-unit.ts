import { ApiError } from './errors.js';

export interface Tenant {
  customer: string;
  businessUnit: string;
}

/** This server answers for one customer and business unit; any other in a path is unknown. */
export function assertTenant(tenant: Tenant, params: { customer: string; businessUnit: string }): void {
  if (params.customer !== tenant.customer || params.businessUnit !== tenant.businessUnit) {
    throw new ApiError(404, 'UNKNOWN_BUSINESS_UNIT', `${params.customer}/${params.businessUnit}`);
  }
}
