import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SESSION_TOKEN_FIELD_COUNT, SESSION_TOKEN_FIELDS } from '@antenne/contract';
import { ApiError } from '../../lib/errors.js';

/**
 * Session tokens in Exposure's format (notes §5.2, ADR 0038): ten pipe-separated fields,
 *
 *   ses_<random>|<accountId>|<userId>|<businessUnit>|<issuedMs>|<expiresMs>|<anonymous>|<deviceId>|<deviceType>|<signature>
 *
 * Red Bee's clients read the expiry (5), the anonymous flag (6) and the device id (7). The
 * signature is an HMAC-SHA256 of the nine fields before it with the server's secret. An account
 * session is still only what the sessions table holds (its SHA-256); an anonymous one is nowhere
 * stored: its signature and expiry are all there is to check.
 */

export interface SessionTokenFields {
  accountId: string;
  userId: string;
  businessUnit: string;
  issuedMs: number;
  expiresMs: number;
  anonymous: boolean;
  deviceId: string;
  deviceType: string;
}

/** The account and user fields of an anonymous session's token. */
export const ANONYMOUS_ID = 'anonymous';

/** A field may not hold the separator: a device id sent at firebaseLogin may, and is escaped. */
const field = (value: string) => value.replace(/%/g, '%25').replace(/\|/g, '%7C');

export class SessionTokens {
  constructor(
    private readonly key: string,
    private readonly businessUnit: string,
  ) {}

  /** A new token with these fields and a fresh random part. */
  issue(fields: Omit<SessionTokenFields, 'businessUnit'>): string {
    const head = [
      `ses_${randomBytes(24).toString('base64url')}`,
      field(fields.accountId),
      field(fields.userId),
      field(this.businessUnit),
      String(fields.issuedMs),
      String(fields.expiresMs),
      String(fields.anonymous),
      field(fields.deviceId),
      field(fields.deviceType),
    ].join('|');
    return `${head}|${this.sign(head)}`;
  }

  /** Whether a bearer token has the shape of an anonymous session's (signature not checked). */
  static looksAnonymous(token: string): boolean {
    const parts = token.split('|');
    return parts.length === SESSION_TOKEN_FIELD_COUNT && parts[SESSION_TOKEN_FIELDS.anonymous] === 'true';
  }

  /**
   * An anonymous session's token, checked: 401 INVALID_SESSION_TOKEN when its signature is not
   * ours or it has expired; otherwise its device id.
   */
  checkAnonymous(token: string, nowMs: number): AnonymousSession {
    const cut = token.lastIndexOf('|');
    const head = token.slice(0, cut);
    const signature = Buffer.from(token.slice(cut + 1));
    const expected = Buffer.from(this.sign(head));
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected))
      throw new ApiError(401, 'INVALID_SESSION_TOKEN');
    const parts = head.split('|');
    const expiresMs = Number(parts[SESSION_TOKEN_FIELDS.expiresMs]);
    if (!Number.isFinite(expiresMs) || expiresMs <= nowMs) throw new ApiError(401, 'INVALID_SESSION_TOKEN');
    return {
      deviceId: parts[SESSION_TOKEN_FIELDS.deviceId] ?? '',
      issuedMs: Number(parts[SESSION_TOKEN_FIELDS.issuedMs]),
      expiresMs,
    };
  }

  private sign(head: string): string {
    return createHmac('sha256', this.key).update(`antenne-session:${head}`).digest('base64url');
  }
}

/**
 * What an anonymous session meets where an account is needed (ADR 0038): 403 FORBIDDEN with a
 * LOGIN action. The catalogue's reads take it for a visitor; the play call turns it into
 * NOT_ENTITLED.
 */
export class AnonymousSessionError extends ApiError {
  constructor(
    /** The checked anonymous session: its device and expiry. */
    readonly session: AnonymousSession,
  ) {
    super(403, 'FORBIDDEN', 'an anonymous session: log in first', [{ type: 'LOGIN' }]);
  }
}

/** A checked anonymous session. */
export interface AnonymousSession {
  deviceId: string;
  issuedMs: number;
  expiresMs: number;
}
