import { Type, type Static } from 'typebox';

const Color = Type.String({ pattern: '^#[0-9a-fA-F]{6}$' });

/** The design theme: a standard part (textColor, background colour, logo) and custom home-menu settings. */
export const DesignSchema = Type.Object({
  theme: Type.Object({
    standard: Type.Object({
      textColor: Color,
      backgroundColor: Color,
      primaryColor: Color,
      secondaryColor: Color,
      logo: Type.String({ description: 'URL of the logo image' }),
    }),
    custom: Type.Object({
      homeMenu: Type.Object({
        backgroundColor: Color,
        highlightColor: Color,
      }),
    }),
  }),
});
export type Design = Static<typeof DesignSchema>;

export const AvatarSchema = Type.Object({ id: Type.String(), url: Type.String() });
export type Avatar = Static<typeof AvatarSchema>;

/**
 * A pay-TV provider of the US sign-in (spec part 1 §3: ID, displayName, logoURL), and the address
 * of its sign-in page, which the app opens in its frame (Antenne's addition: the page posts a
 * TvProviderMessage to the app's window).
 */
export const ProviderItemSchema = Type.Object({
  ID: Type.String(),
  displayName: Type.String(),
  logoURL: Type.String(),
  loginURL: Type.String(),
});
export type ProviderItem = Static<typeof ProviderItemSchema>;

/**
 * `GET /config/config_web.json` (fallback `/config.json`): the web client's configuration.
 * customer and businessUnit name the backend every call path carries.
 */
export const ConfigWebSchema = Type.Object(
  {
    customer: Type.String(),
    businessUnit: Type.String(),
    /** Base URL of the Exposure-compatible API; empty means the same origin. */
    exposureBaseUrl: Type.String(),
    version: Type.String(),
    design: DesignSchema,
    swimlanes: Type.Object({
      maxItems: Type.Integer({ minimum: 1 }),
      viewabilityThreshold: Type.Number({ minimum: 0, maximum: 1 }),
    }),
    avatars: Type.Array(AvatarSchema),
    provider: Type.Object({
      enabled: Type.Boolean(),
      helpUrl: Type.String(),
      providers: Type.Array(ProviderItemSchema),
    }),
    analytics: Type.Object({
      enabled: Type.Boolean(),
      url: Type.String(),
    }),
    /** The server's SENTRY_DSN: crash reports go to Sentry instead of the server (issue 17 item 5). */
    sentryDsn: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { $id: 'ConfigWeb', title: 'ConfigWeb' },
);
export type ConfigWeb = Static<typeof ConfigWebSchema>;
