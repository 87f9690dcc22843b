import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { TrustProxy } from '../../config.js';
import { isLocalDirectRequest, trustedProxyCheck } from '../../lib/direct-request.js';
import { readOutbox } from './mailer.js';
import { OUTBOX_COOKIE, OUTBOX_KEY_PARAMETER, OUTBOX_PATH, outboxKeyCheck } from './outbox-key.js';

export interface OutboxRoutesOptions {
  dataDir: string;
  /** The proxies TRUST_PROXY names: a request through one of them is never local. */
  trustProxy: TrustProxy;
  /** The outbox key (outbox-key.ts): without it, even a local caller gets the 404. */
  key: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The one value of a query parameter or cookie, else undefined (absent, repeated, not text). */
const single = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The outbox cookie's value in a Cookie header, if it is there once. */
function outboxCookie(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const values = header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${OUTBOX_COOKIE}=`))
    .map((pair) => pair.slice(OUTBOX_COOKIE.length + 1));
  return values.length === 1 ? values[0] : undefined;
}

/**
 * /dev/outbox: the mail the embedded mode wrote instead of sending (no SMTP_URL), newest first,
 * with their links clickable — how a newcomer verifies the account they just created. The links
 * in those mails are credentials, so the page answers only (ADR 0011) a caller on this machine
 * talking to this server directly (lib/direct-request.ts) *and* holding the outbox key
 * (outbox-key.ts), which the log prints at start as the outbox link. The link's key is exchanged
 * for a cookie of this path (HttpOnly, SameSite=Strict) and the browser sent on to the bare URL,
 * so the key stays out of the history; the page sends no Referer with the links it holds. Anyone
 * else — another machine, a proxy, a wrong or missing key — gets the plain 404 of an unknown page.
 */
export const outboxRoutes: FastifyPluginAsyncTypebox<OutboxRoutesOptions> = async (
  app,
  { dataDir, trustProxy, key },
) => {
  const isTrustedProxy = trustedProxyCheck(trustProxy);
  const isKey = outboxKeyCheck(key);
  const notFound = { httpCode: 404, message: 'NOT_FOUND' };

  app.get(OUTBOX_PATH, { schema: { hide: true } }, async (request: FastifyRequest, reply) => {
    if (!isLocalDirectRequest(request, isTrustedProxy)) return reply.code(404).send(notFound);
    const query = request.query as Record<string, unknown>;
    if (OUTBOX_KEY_PARAMETER in query) {
      // The link from the log: its key for a cookie, then the same page without it in the URL.
      if (!isKey(single(query[OUTBOX_KEY_PARAMETER]))) return reply.code(404).send(notFound);
      return reply
        .code(303)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('set-cookie', `${OUTBOX_COOKIE}=${key}; Path=${OUTBOX_PATH}; HttpOnly; SameSite=Strict`)
        .header('location', OUTBOX_PATH)
        .send();
    }
    if (!isKey(outboxCookie(request.headers.cookie))) return reply.code(404).send(notFound);
    const mails = await readOutbox(dataDir);
    const items = mails
      .map(
        (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p><strong>À :</strong> ${escapeHtml(mail.to)} · <time datetime="${escapeHtml(mail.date)}">${escapeHtml(mail.date)}</time></p>
<pre>${escapeHtml(mail.text).replace(/https?:\/\/\S+/g, (url) => `<a href="${url}">${url}</a>`)}</pre>
</article>`,
      )
      .join('\n');
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // The links below are credentials of their own; no page they open learns this one's address.
      .header('referrer-policy', 'no-referrer')
      .send(
        `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Boîte d'envoi — Antenne</title>
<style>body{font-family:sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}article{border-block-end:1px solid #ccc;padding-block:1rem}pre{white-space:pre-wrap}</style></head>
<body><h1>Boîte d'envoi (${mails.length})</h1><p>Sans SMTP_URL, les e-mails sont écrits ici au lieu d'être envoyés.</p>${items || '<p>Aucun e-mail.</p>'}</body></html>`,
      );
  });
};
