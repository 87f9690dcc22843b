import { Type, type Static } from 'typebox';

const StringMap = Type.Record(Type.String(), Type.String());

/** Exposure `Image` of a white-label presentation. */
export const WlImageSchema = Type.Object({
  url: Type.String(),
  orientation: Type.Optional(Type.String()),
  tags: Type.Optional(Type.Array(Type.String())),
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
});
export type WlImage = Static<typeof WlImageSchema>;

/** Exposure `PresentationItem`. */
export const PresentationItemSchema = Type.Object({
  title: Type.Optional(Type.String()),
  subTitle: Type.Optional(Type.String()),
  body: Type.Optional(Type.String()),
  images: Type.Optional(Type.Array(WlImageSchema)),
  trailerAssetId: Type.Optional(Type.String()),
  backgroundColor: Type.Optional(Type.String()),
});
export type PresentationItem = Static<typeof PresentationItemSchema>;

/** Exposure `ApiPresentation`: a fallback plus per-locale overrides. */
export const PresentationSchema = Type.Object({
  fallback: PresentationItemSchema,
  localized: Type.Optional(Type.Record(Type.String(), PresentationItemSchema)),
});
export type Presentation = Static<typeof PresentationSchema>;

/** Exposure `ApiComponentReference`: how a config or page points at a component. */
export const ComponentReferenceSchema = Type.Object({
  type: Type.String(),
  name: Type.Optional(Type.String()),
  appType: Type.String(),
  appSubType: Type.Optional(Type.String()),
  referenceId: Type.String(),
  referenceUrl: Type.String(),
  parameters: Type.Optional(StringMap),
  images: Type.Optional(Type.Array(WlImageSchema)),
  hasAuthorizedContent: Type.Optional(Type.Boolean()),
});
export type ComponentReference = Static<typeof ComponentReferenceSchema>;

/** `actions.default` of menu, hero-banner and footer items. */
export const ActionSchema = Type.Object({
  type: Type.String(),
  verb: Type.String({ description: 'NavigateToPage | NavigateToDetails | PlayAsset | ExternalLink' }),
  componentId: Type.Optional(Type.String()),
  assetId: Type.Optional(Type.String()),
  url: Type.Optional(Type.String()),
  slugs: Type.Optional(Type.Array(Type.String())),
});
export type Action = Static<typeof ActionSchema>;

/** `contentUrl` of a component: where its items come from. */
export const ContentUrlSchema = Type.Object({
  type: Type.String(),
  url: Type.String(),
  authorized: Type.Boolean(),
});
export type ContentUrl = Static<typeof ContentUrlSchema>;

/** A menu or footer item. */
export const MenuItemSchema = Type.Object({
  appType: Type.String(),
  appSubType: Type.Optional(Type.String()),
  presentation: PresentationSchema,
  actions: Type.Object({ default: ActionSchema }),
});
export type MenuItem = Static<typeof MenuItemSchema>;

/**
 * Exposure `ApiComponent` (weakly typed upstream): the shapes the specification reads.
 * `components` holds slots such as pageBody (references), menuItems or heroBannerItems.
 */
export const ComponentSchema = Type.Object(
  {
    type: Type.String(),
    id: Type.String(),
    name: Type.Optional(Type.String()),
    created: Type.Optional(Type.String({ format: 'date-time' })),
    changed: Type.Optional(Type.String({ format: 'date-time' })),
    appType: Type.String(),
    appSubType: Type.Optional(Type.String()),
    presentation: Type.Optional(PresentationSchema),
    actions: Type.Optional(Type.Record(Type.String(), ActionSchema)),
    contentUrl: Type.Optional(ContentUrlSchema),
    components: Type.Optional(Type.Record(Type.String(), Type.Array(Type.Unknown()))),
    parameters: Type.Optional(StringMap),
  },
  { $id: 'Component', title: 'Component' },
);
export type Component = Static<typeof ComponentSchema>;

/** Exposure `ApiConfig`: `GET /v2/whitelabel/customer/{c}/businessunit/{bu}/config/sandwich`. */
export const WlConfigSchema = Type.Object(
  {
    id: Type.String(),
    customer: Type.String(),
    businessUnit: Type.String(),
    name: Type.String(),
    created: Type.String({ format: 'date-time' }),
    changed: Type.String({ format: 'date-time' }),
    presentation: PresentationSchema,
    components: Type.Record(Type.String(), Type.Array(ComponentReferenceSchema)),
    parameters: StringMap,
    theme: StringMap,
  },
  { $id: 'WlConfig', title: 'WlConfig' },
);
export type WlConfig = Static<typeof WlConfigSchema>;

/** Query of the sandwich config and component calls. */
export const WlConfigQuerySchema = Type.Object({
  paymentMethodPreview: Type.Optional(Type.Boolean({ default: false })),
  filters: Type.Optional(
    Type.String({
      pattern: '^([A-Z_]+:[A-Za-z0-9_-]+)(,[A-Z_]+:[A-Za-z0-9_-]+)*$',
      description: 'comma list of type:value, e.g. DEVICE:WEB',
    }),
  ),
  allowedCountry: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$' })),
  inlineComponents: Type.Optional(Type.Boolean()),
  client: Type.Optional(Type.String()),
});
export type WlConfigQuery = Static<typeof WlConfigQuerySchema>;
