import { Type, type Static } from 'typebox';

/**
 * The identity service's answers (better-auth under /identity, documented by the server's
 * identity/openapi.ts). The web app imports only their static types, so TypeBox stays out of its
 * bundle.
 */

export const IdentityUserSchema = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    name: Type.String(),
    emailVerified: Type.Boolean(),
    image: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  },
  { title: 'IdentityUser' },
);
export type IdentityUser = Static<typeof IdentityUserSchema>;

export const IdentitySessionSchema = Type.Object(
  { id: Type.String(), userId: Type.String(), expiresAt: Type.String() },
  { title: 'IdentitySession' },
);
export type IdentitySession = Static<typeof IdentitySessionSchema>;

/** Sign-up and password change: `token` is null while the email is not verified. */
export const IdentityAuthAnswerSchema = Type.Object({
  token: Type.Union([Type.String(), Type.Null()]),
  user: IdentityUserSchema,
});
export type IdentityAuthAnswer = Static<typeof IdentityAuthAnswerSchema>;

/** Sign-in with email and password. */
export const IdentitySignInAnswerSchema = Type.Object({
  redirect: Type.Boolean(),
  token: Type.String(),
  url: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  user: IdentityUserSchema,
});
export type IdentitySignInAnswer = Static<typeof IdentitySignInAnswerSchema>;

/** The identity session and its user, or null. */
export const IdentitySessionAnswerSchema = Type.Union([
  Type.Object({ session: IdentitySessionSchema, user: IdentityUserSchema }),
  Type.Null(),
]);
export type IdentitySessionAnswer = Static<typeof IdentitySessionAnswerSchema>;
