import { Type, type Static } from 'typebox';
import { LoginDeviceSchema } from './app-session-schemas.js';

/** `POST /v2/…/auth/adobePrimetimeLogin` (Exposure ApiPrimetimeAuthenticationRequest). */
export const PrimetimeLoginRequestSchema = Type.Object(
  {
    /** The distributor's media token: a compact JWS. */
    mediaToken: Type.String({ minLength: 1, maxLength: 4096 }),
    device: LoginDeviceSchema,
    /** The user's language, used when the household is created at its first login. */
    language: Type.Optional(Type.String({ maxLength: 8 })),
  },
  { $id: 'PrimetimeLoginRequest', title: 'PrimetimeLoginRequest' },
);
export type PrimetimeLoginRequest = Static<typeof PrimetimeLoginRequestSchema>;
