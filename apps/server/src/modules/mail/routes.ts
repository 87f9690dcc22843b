import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TrustProxy } from '../../config.js';
import { isLocalDirectRequest, trustedProxyCheck } from '../../lib/direct-request.js';
import { readOutbox } from './mailer.js';

export interface OutboxRoutesOptions {
  dataDir: string;
  /** The proxies TRUST_PROXY names: a request through one of them is never local. */
  trustProxy: TrustProxy;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * /dev/outbox: the mail the embedded mode wrote instead of sending (no SMTP_URL), newest first,
 * with their links clickable — how a newcomer verifies the account they just created. Answered
 * to the machine itself only, talking to this server directly (lib/direct-request.ts): the links
 * in those mails are credentials. Anyone else gets the plain 404 of an unknown page.
 */
export const outboxRoutes: FastifyPluginAsyncTypebox<OutboxRoutesOptions> = async (
  app,
  { dataDir, trustProxy },
) => {
  const isTrustedProxy = trustedProxyCheck(trustProxy);
  app.get('/dev/outbox', { schema: { hide: true } }, async (request, reply) => {
    if (!isLocalDirectRequest(request, isTrustedProxy))
      return reply.code(404).send({ httpCode: 404, message: 'NOT_FOUND' });
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
      .send(
        `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Boîte d'envoi — Antenne</title>
<style>body{font-family:sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}article{border-block-end:1px solid #ccc;padding-block:1rem}pre{white-space:pre-wrap}</style></head>
<body><h1>Boîte d'envoi (${mails.length})</h1><p>Sans SMTP_URL, les e-mails sont écrits ici au lieu d'être envoyés.</p>${items || '<p>Aucun e-mail.</p>'}</body></html>`,
      );
  });
};
