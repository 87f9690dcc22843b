import { safeSessionStorage, storageKeys } from './storage-keys';

/**
 * Where the app goes after a sign-in that a play button asked for (spec part 2 §4: "the return
 * path remembered"). The path is kept in sessionStorage under storageKeys.returnTo, written by
 * the details page (a visitor presses play) or by the player page (the play call answers 401).
 */

/**
 * The path itself when it is an in-app path ('/player/x/20?genre=y'), else null. Anything that
 * could leave the site is refused (open-redirect guard): absolute URLs, protocol-relative
 * '//evil.example', '/\evil.example' (browsers read the backslash as a slash), control
 * characters; and /login itself, which would only show the account page again.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point.
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'https://antenne.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://antenne.invalid') return null;
  if (url.pathname === '/login' || url.pathname.startsWith('/login/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Remembers `path` (an in-app path; anything else is not stored) for after the sign-in. */
export function rememberReturnTo(path: string): void {
  const safe = safeReturnPath(path);
  if (safe) safeSessionStorage.set(storageKeys.returnTo, safe);
}

/** Forgets the remembered path (the visitor left the login page without signing in). */
export function forgetReturnTo(): void {
  safeSessionStorage.remove(storageKeys.returnTo);
}

/** The remembered path if it is a safe in-app one, cleared either way: it is used once. */
export function takeReturnTo(): string | null {
  const stored = safeSessionStorage.get(storageKeys.returnTo);
  forgetReturnTo();
  return safeReturnPath(stored);
}
