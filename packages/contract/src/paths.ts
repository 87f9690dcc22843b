/** Path builders for the calls of the specification's tables, shared by server and client. */
export interface BusinessUnitRef {
  customer: string;
  businessUnit: string;
}

const enc = encodeURIComponent;

export const paths = {
  configWeb: () => '/config/config_web.json',
  configFallback: () => '/config.json',
  contractCountries: () => '/contracts-countries.json',
  location: () => '/v2/location',
  filters: ({ customer, businessUnit }: BusinessUnitRef) =>
    `/v2/whitelabel/customer/${enc(customer)}/businessunit/${enc(businessUnit)}/filters`,
  wlConfig: ({ customer, businessUnit }: BusinessUnitRef, configId = 'sandwich') =>
    `/v2/whitelabel/customer/${enc(customer)}/businessunit/${enc(businessUnit)}/config/${enc(configId)}`,
  wlComponent: ({ customer, businessUnit }: BusinessUnitRef, componentId: string, configId = 'sandwich') =>
    `/v2/whitelabel/customer/${enc(customer)}/businessunit/${enc(businessUnit)}/config/${enc(configId)}/component/${enc(componentId)}`,
} as const;
