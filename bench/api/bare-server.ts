/**
 * The baseline: a bare Fastify answering the app's exact bytes (and content type) from memory, no
 * database, no hooks, no compression. With BARE_HEADERS=1 it also sets the app's security headers through one
 * precomputed hook, to measure that hook's cost alone.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import type { BareBodies } from './measure.js';

const bodies = JSON.parse(readFileSync(process.env.BARE_BODIES_FILE ?? '', 'utf8')) as BareBodies;
const headers = process.env.BARE_HEADERS
  ? (JSON.parse(process.env.BARE_HEADERS) as Record<string, string>)
  : undefined;

const app = Fastify({ logger: false });
if (headers) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
// Keyed by the whole URL (path and query), as the app's answers are.
const byUrl = new Map(
  Object.entries(bodies).map(([url, { type, body }]) => [url, { type, bytes: Buffer.from(body) }]),
);
app.get('*', (request, reply) => {
  const answer = byUrl.get(request.url);
  if (answer === undefined) return reply.code(404).send();
  return reply.type(answer.type).send(answer.bytes);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
