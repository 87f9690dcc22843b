import { Type, type Static } from 'typebox';
import { DeviceRegistrationSchema } from './accounts-schemas.js';

/** Device activation's schemas (TypeBox; the web app uses only their types). See activation.ts. */

/** Exposure ApiActivationCodeResponse. */
export const ActivationCodeResponseSchema = Type.Object(
  {
    code: Type.String({ description: '6 characters drawn from 123456789ABCDEF' }),
    expires: Type.String({ format: 'date-time' }),
  },
  { $id: 'ActivationCodeResponse', title: 'ActivationCodeResponse' },
);
export type ActivationCodeResponse = Static<typeof ActivationCodeResponseSchema>;

/** Exposure ApiActivationRequest(V2): the code as received, and the polling device. */
export const ActivationRequestSchema = Type.Object(
  {
    activationCode: Type.String({ minLength: 1, maxLength: 16 }),
    device: DeviceRegistrationSchema,
  },
  { $id: 'ActivationRequest', title: 'ActivationRequest' },
);
export type ActivationRequest = Static<typeof ActivationRequestSchema>;

export const ActivationCodeParamsSchema = Type.Object({
  customer: Type.String(),
  businessUnit: Type.String(),
  code: Type.String({ minLength: 1, maxLength: 16 }),
});
