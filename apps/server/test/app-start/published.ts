import { publishedSchemas } from '../live/helpers.js';

/** The published schemas of issue 18's answers (test/fixtures/exposure-app-schemas.json). */
export const check = publishedSchemas('exposure-app-schemas.json');

type Item = Record<string, unknown> & { type?: unknown };

/**
 * ApiConfig and ApiComponent with OpenAPI's discriminators honoured. Their `components` slots are
 * `oneOf: [ApiComponent, ApiComponentReference]`, `actions` values `oneOf` four actions and
 * `contentUrl` `oneOf` twelve URL schemas, each told apart by the discriminator `type` of its base
 * (ApiComponentBase, ApiAction, ApiContentUrl). A plain JSON-schema validator ignores
 * discriminators, and as the alternatives require only `type`, every value matches several and
 * fails `oneOf`. So each such value is checked against the schema its `type` names — a reference
 * ApiComponentReference, another item ApiComponent (checked the same way); an action
 * `Api<type>` (AssetAction → ApiAssetAction); a content URL `Api<type>Url` (AssetQuery →
 * ApiAssetQueryUrl) — and the rest of the answer against the published schema unchanged.
 */
export function checkDiscriminated(name: 'ApiConfig' | 'ApiComponent', body: unknown, at = ''): string[] {
  const record = body as Record<string, unknown>;
  const slots = (record.components ?? {}) as Record<string, unknown>;
  const actions = (record.actions ?? {}) as Record<string, Item>;
  const contentUrl = record.contentUrl as Item | undefined;
  const rest: Record<string, unknown> = { ...record, components: {} };
  if (name === 'ApiComponent') {
    rest.actions = {};
    delete rest.contentUrl;
  }
  const errors = check(name, rest).map((e) => `${at}${e}`);
  if (name === 'ApiComponent') {
    for (const [key, action] of Object.entries(actions))
      errors.push(...named(`Api${String(action.type)}`, action, `${at}/actions/${key}`));
    if (contentUrl !== undefined)
      errors.push(...named(`Api${String(contentUrl.type)}Url`, contentUrl, `${at}/contentUrl`));
  }
  for (const [slot, items] of Object.entries(slots)) {
    if (!Array.isArray(items)) {
      errors.push(`${at}/components/${slot} must be array`);
      continue;
    }
    items.forEach((item: Item, i) => {
      const path = `${at}/components/${slot}/${i}`;
      if (item.type === 'ComponentReference' || item.type === 'ApiComponentReference')
        errors.push(...check('ApiComponentReference', item).map((e) => `${path}${e}`));
      else errors.push(...checkDiscriminated('ApiComponent', item, path));
    });
  }
  return errors;
}

/** A value against the published schema its discriminator names (an unknown name is an error). */
function named(schema: string, value: unknown, at: string): string[] {
  try {
    return check(schema, value).map((e) => `${at}${e}`);
  } catch {
    return [`${at} has type ${schema}, which the published document does not have`];
  }
}
