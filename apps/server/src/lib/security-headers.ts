/**
 * The security headers @fastify/helmet would set, computed once and copied onto every reply by
 * one hook (helmet's per-request work cost about half of a small route's throughput; see
 * docs/adr/0002-security-headers-without-helmet.md).
 */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * The policy, allowing besides the app's own files the inline scripts of exactly these SHA-256
 * hashes (base64): a rendered page's, which React writes itself (the replay of a form submitted
 * before the page is live: apps/server's web-app/page-render.ts). No 'unsafe-inline', ever.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "connect-src 'self' https:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function securityHeaders(publicUrl: string): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'SAMEORIGIN',
    'cross-origin-opener-policy': 'same-origin',
    'x-dns-prefetch-control': 'off',
  };
  // Only over https: a Strict-Transport-Security header on plain http would be a lie.
  if (publicUrl.startsWith('https://'))
    headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return Object.freeze(headers);
}
