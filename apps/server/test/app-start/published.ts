import { publishedSchemas } from '../live/helpers.js';

/** The published schemas of issue 18's answers (test/fixtures/exposure-app-schemas.json). */
export const check = publishedSchemas('exposure-app-schemas.json');

type Item = Record<string, unknown> & { type?: unknown };

/**
 * ApiConfig and ApiComponent with OpenAPI's discriminator honoured. Their `components` slots are
 * `oneOf: [ApiComponent, ApiComponentReference]`, told apart by the discriminator `type` of
 * ApiComponentBase; a plain JSON-schema validator ignores it, and as both schemas require only
 * `type`, every item matches both and fails `oneOf`. So each slot item is checked against the
 * schema its `type` names (a reference: ApiComponentReference; any other: ApiComponent, itself
 * checked the same way), and the rest of the answer against the published schema unchanged.
 */
export function checkDiscriminated(name: 'ApiConfig' | 'ApiComponent', body: unknown, at = ''): string[] {
  const record = body as Record<string, unknown>;
  const slots = (record.components ?? {}) as Record<string, unknown>;
  const errors = check(name, { ...record, components: {} }).map((e) => `${at}${e}`);
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
