/** The mail module: SMTP or the local outbox, the mails' templates, and the outbox page with its key. */
export { createMailer, readOutbox, type Mail, type Mailer } from './mailer.js';
export { mailLocale, renderMail, type MailKind } from './templates.js';
export { outboxRoutes, type OutboxRoutesOptions } from './routes.js';
export { OutboxKeyError, outboxKey, outboxLink, readOutboxKey } from './outbox-key.js';
