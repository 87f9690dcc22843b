import { Type, type Static } from 'typebox';
import { DEVICE_TYPES } from './constants.js';
import { MAX_PROFILE_METADATA } from './accounts.js';
import { BoundedRecord, DeviceRegistrationSchema } from './accounts-schemas.js';
import { MAX_PROFILE_METADATA_VALUE_LENGTH } from './reminders.js';
import { WlConfigSchema } from './whitelabel.js';

/**
 * Issue 18's schemas (TypeBox; the web app uses only their types): Exposure's ApiSystemConfig,
 * TimeResponse, ApiConfigFile, the login and anonymous-session requests and ApiUserDetails*.
 */

const Enabled = Type.Object({ enabled: Type.Boolean() });

/** `GET /v2/…/system/config` (Exposure ApiSystemConfig). */
export const SystemConfigSchema = Type.Object(
  {
    access: Type.Object({
      accessModel: Type.Union([Type.Literal('open'), Type.Literal('login'), Type.Literal('pay')]),
      signupMinimumAge: Type.Integer(),
      passwordPolicy: Type.Object({ minimumLength: Type.Integer(), minimumGroups: Type.Integer() }),
      loginMethods: Type.Record(Type.String(), Type.Boolean()),
      signupModel: Type.Union([
        Type.Literal('provisioned'),
        Type.Literal('unconfirmed'),
        Type.Literal('confirmed'),
      ]),
      consentManagement: Type.Object({ didomi: Type.Object({}) }),
    }),
    analytics: Type.Object({
      analyticsBaseUrl: Type.Optional(Type.String()),
      analyticsPercentage: Type.Integer({ minimum: 0, maximum: 100 }),
    }),
    frontendFeatures: Type.Object({
      shouldAlwaysUseAnonymousLogin: Type.Boolean(),
      searchLocales: Type.Array(Type.String()),
    }),
    localization: Type.Object({
      displayLocales: Type.Array(Type.String()),
      defaultLocale: Type.String(),
      currencies: Type.Array(Type.String()),
    }),
    payments: Type.Object({
      appstore: Enabled,
      googleplay: Enabled,
      stripe: Enabled,
      external: Enabled,
      vouchers: Enabled,
    }),
    sentry: Enabled,
    production: Type.Boolean(),
    /** Antenne: the device groups the white-label filters know (`filters=DEVICE:<group>`). */
    deviceGroups: Type.Array(Type.String()),
  },
  { $id: 'SystemConfig', title: 'SystemConfig' },
);
export type SystemConfig = Static<typeof SystemConfigSchema>;

/** `GET /v2/time` (Exposure TimeResponse). */
export const TimeResponseSchema = Type.Object(
  { epochMillis: Type.Integer(), iso8601: Type.String({ format: 'date-time' }) },
  { $id: 'TimeResponse', title: 'TimeResponse' },
);
export type TimeResponse = Static<typeof TimeResponseSchema>;

/**
 * `GET /v2/whitelabel/origin/{host}/config/{configId}`: the config (ApiConfig) with its
 * `systemConfig`, which Red Bee's clients read at once (`systemConfig.production`) to pick their
 * API base URL before they ask anything else.
 */
export const OriginConfigSchema = Type.Object(
  { ...WlConfigSchema.properties, systemConfig: SystemConfigSchema },
  { $id: 'OriginConfig', title: 'OriginConfig' },
);
export type OriginConfig = Static<typeof OriginConfigSchema>;

/** `GET /v1/config/{fileId}/origin/{host}` (Exposure ApiConfigFile): a stored JSON file of the business unit. */
export const ConfigFileSchema = Type.Object(
  {
    customer: Type.String(),
    businessUnit: Type.String(),
    fileName: Type.String(),
    version: Type.Integer(),
    config: Type.Unknown(),
    systemConfig: SystemConfigSchema,
  },
  { $id: 'ConfigFile', title: 'ConfigFile' },
);
export type ConfigFile = Static<typeof ConfigFileSchema>;

/** Free JSON of interface strings (nested keys) of one language. */
export const TranslationsSchema = Type.Record(Type.String(), Type.Unknown(), {
  $id: 'Translations',
  title: 'Translations',
});

/** The host of an origin-based call: a DNS name or an address, with an optional port. */
export const OriginHostParamsSchema = Type.Object({
  host: Type.String({ minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9.:\\[\\]-]+$' }),
});

const Username = Type.String({ minLength: 1, maxLength: 320 });
const Password = Type.String({ minLength: 1, maxLength: 128 });
/** A device id goes into the session token (pipe-separated): no pipe, no control characters. */
const DeviceId = Type.String({ minLength: 1, maxLength: 128, pattern: '^[^|\\u0000-\\u001f]+$' });
const DeviceType = Type.Enum(DEVICE_TYPES);

/** v2 and v3 logins' device (Exposure ApiDeviceRegistration), its id fit for a token. */
export const LoginDeviceSchema = Type.Object(
  { ...DeviceRegistrationSchema.properties, deviceId: DeviceId },
  { title: 'LoginDevice' },
);

/** v1's and the anonymous session's device (Exposure ApiDevice): the id is beside it. */
const ApiDeviceSchema = Type.Object({
  type: DeviceType,
  deviceModelId: Type.Optional(Type.String({ maxLength: 128 })),
  name: Type.Optional(Type.String({ maxLength: 128 })),
  model: Type.Optional(Type.String({ maxLength: 128 })),
  manufacturer: Type.Optional(Type.String({ maxLength: 128 })),
  os: Type.Optional(Type.String({ maxLength: 64 })),
  osVersion: Type.Optional(Type.String({ maxLength: 64 })),
  height: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  width: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
});

/** `POST /v3/…/auth/login` (Exposure ApiAuthRequestV3). */
export const LoginV3RequestSchema = Type.Object(
  {
    username: Username,
    password: Password,
    device: LoginDeviceSchema,
    informationCollectionConsentGivenNow: Type.Optional(Type.Boolean()),
  },
  { $id: 'LoginV3Request', title: 'LoginV3Request' },
);
export type LoginV3Request = Static<typeof LoginV3RequestSchema>;

/** `POST /v2/…/auth/login` (Exposure ApiAuthenticationRequest): a CLEAR password tuple. */
export const LoginV2RequestSchema = Type.Object(
  {
    username: Username,
    credentials: Type.Object({
      passwordTuples: Type.Array(
        Type.Object({
          algorithm: Type.Object({
            algorithmName: Type.String({ maxLength: 32 }),
            pbkdf2Iterations: Type.Optional(Type.Integer({ minimum: 0 })),
          }),
          value: Password,
        }),
        { minItems: 1, maxItems: 4 },
      ),
    }),
    device: LoginDeviceSchema,
    expiration: Type.Optional(Type.String({ maxLength: 64 })),
    sessionUser: Type.Optional(Type.Boolean()),
    informationCollectionConsentGivenNow: Type.Optional(Type.Boolean()),
  },
  { $id: 'LoginV2Request', title: 'LoginV2Request' },
);
export type LoginV2Request = Static<typeof LoginV2RequestSchema>;

/** `POST /v1/…/auth/login` (Exposure ApiLoginRequestV1). */
export const LoginV1RequestSchema = Type.Object(
  {
    username: Username,
    password: Password,
    deviceId: DeviceId,
    device: ApiDeviceSchema,
    informationCollectionConsentGivenNow: Type.Optional(Type.Boolean()),
  },
  { $id: 'LoginV1Request', title: 'LoginV1Request' },
);
export type LoginV1Request = Static<typeof LoginV1RequestSchema>;

/** `POST /v1|v2/…/auth/anonymous` (Exposure ApiAnonymousSessionRequest). */
export const AnonymousSessionRequestSchema = Type.Object(
  { deviceId: DeviceId, device: ApiDeviceSchema },
  { $id: 'AnonymousSessionRequest', title: 'AnonymousSessionRequest' },
);
export type AnonymousSessionRequest = Static<typeof AnonymousSessionRequestSchema>;

/** Exposure ApiAnonymousSessionResponse. */
export const AnonymousSessionResponseSchema = Type.Object(
  { sessionToken: Type.String(), expirationDateTime: Type.String({ format: 'date-time' }) },
  { $id: 'AnonymousSessionResponse', title: 'AnonymousSessionResponse' },
);
export type AnonymousSessionResponse = Static<typeof AnonymousSessionResponseSchema>;

/** `GET/PUT /v2/…/user/details` (Exposure ApiUserDetailsResponse): the session's profile. */
export const UserDetailsSchema = Type.Object(
  {
    username: Type.String(),
    displayName: Type.String(),
    email: Type.Optional(Type.String()),
    language: Type.String(),
    child: Type.Boolean(),
    profileType: Type.Optional(Type.String()),
    metadata: Type.Record(Type.String(), Type.String()),
    capabilities: Type.Object({
      canChangePassword: Type.Boolean(),
      canChangeUserNameAndEmail: Type.Boolean(),
      canChangeEmail: Type.Boolean(),
      canManageAccount: Type.Boolean(),
      canManageDevices: Type.Boolean(),
      canManagePayments: Type.Boolean(),
      canManagePurchases: Type.Boolean(),
    }),
    attributes: Type.Array(Type.Unknown()),
  },
  { $id: 'UserDetails', title: 'UserDetails' },
);
export type UserDetails = Static<typeof UserDetailsSchema>;

/** `PUT /v2/…/user/details` (Exposure ApiUserDetailsUpdateRequest): what is absent is not changed. */
export const UserDetailsUpdateSchema = Type.Object(
  {
    displayName: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    language: Type.Optional(
      Type.String({ minLength: 2, maxLength: 8, pattern: '^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,4})?$' }),
    ),
    child: Type.Optional(Type.Boolean()),
    profileType: Type.Optional(Type.String({ maxLength: 64 })),
    metadata: Type.Optional(
      BoundedRecord(64, Type.String({ maxLength: MAX_PROFILE_METADATA_VALUE_LENGTH }), MAX_PROFILE_METADATA),
    ),
  },
  { $id: 'UserDetailsUpdate', title: 'UserDetailsUpdate', additionalProperties: false },
);
export type UserDetailsUpdate = Static<typeof UserDetailsUpdateSchema>;
