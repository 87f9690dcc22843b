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
  assets: ({ customer, businessUnit }: BusinessUnitRef) => `/v1/customer/${enc(customer)}/businessunit/${enc(businessUnit)}/content/asset`,
  asset: ({ customer, businessUnit }: BusinessUnitRef, assetId: string) =>
    `/v1/customer/${enc(customer)}/businessunit/${enc(businessUnit)}/content/asset/${enc(assetId)}`,
  nextAsset: ({ customer, businessUnit }: BusinessUnitRef, assetId: string) =>
    `/v1/customer/${enc(customer)}/businessunit/${enc(businessUnit)}/content/asset/${enc(assetId)}/next`,
  tag: ({ customer, businessUnit }: BusinessUnitRef, tagId: string) =>
    `/v1/customer/${enc(customer)}/businessunit/${enc(businessUnit)}/tag/${enc(tagId)}`,
  searchSuggestions: ({ customer, businessUnit }: BusinessUnitRef, text: string) =>
    `/v1/customer/${enc(customer)}/businessunit/${enc(businessUnit)}/content/search/suggestions/${enc(text)}`,
  searchQuery: ({ customer, businessUnit }: BusinessUnitRef, text: string) =>
    `/v2/customer/${enc(customer)}/businessunit/${enc(businessUnit)}/content/search/query/${enc(text)}`,
} as const;
