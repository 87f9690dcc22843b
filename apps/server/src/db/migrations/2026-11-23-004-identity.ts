import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen once landed: change the schema with a new dated migration, never by editing this file.

/**
 * The identity service's tables (better-auth 1.7: user, session, account, verification, the jwt
 * plugin's jwks, the database rate limiter), as better-auth's own schema generator writes them for
 * each engine, so both engines match what its Kysely adapter reads and writes.
 */
function statements(postgres: boolean): string[] {
  const bool = postgres ? 'boolean' : 'integer';
  const date = postgres ? 'timestamptz' : 'date';
  const now = postgres ? ' default CURRENT_TIMESTAMP' : '';
  return [
    `create table "identity_user" ("id" text not null primary key, "name" text not null, "email" text not null unique, "emailVerified" ${bool} not null, "image" text, "createdAt" ${date}${now} not null, "updatedAt" ${date}${now} not null, "language" text)`,
    `create table "identity_session" ("id" text not null primary key, "expiresAt" ${date} not null, "token" text not null unique, "createdAt" ${date}${now} not null, "updatedAt" ${date} not null, "ipAddress" text, "userAgent" text, "userId" text not null references "identity_user" ("id") on delete cascade)`,
    `create table "identity_account" ("id" text not null primary key, "accountId" text not null, "providerId" text not null, "userId" text not null references "identity_user" ("id") on delete cascade, "accessToken" text, "refreshToken" text, "idToken" text, "accessTokenExpiresAt" ${date}, "refreshTokenExpiresAt" ${date}, "scope" text, "password" text, "createdAt" ${date}${now} not null, "updatedAt" ${date} not null)`,
    `create table "identity_verification" ("id" text not null primary key, "identifier" text not null, "value" text not null, "expiresAt" ${date} not null, "createdAt" ${date}${now} not null, "updatedAt" ${date}${now} not null)`,
    `create table "identity_jwks" ("id" text not null primary key, "publicKey" text not null, "privateKey" text not null, "createdAt" ${date} not null, "expiresAt" ${date}, "alg" text, "crv" text)`,
    `create table "identity_rate_limit" ("id" text not null primary key, "key" text not null unique, "count" integer not null, "lastRequest" bigint not null)`,
    `create index "identity_session_userId_idx" on "identity_session" ("userId")`,
    `create index "identity_account_userId_idx" on "identity_account" ("userId")`,
    `create index "identity_verification_identifier_idx" on "identity_verification" ("identifier")`,
  ];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const statement of statements(postgres)) await sql.raw(statement).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never depend on app types
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'identity_rate_limit',
    'identity_jwks',
    'identity_verification',
    'identity_account',
    'identity_session',
    'identity_user',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
