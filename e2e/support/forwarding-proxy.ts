import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import { freePort } from './server.js';

/** Headers a proxy does not pass on (RFC 9110 §7.6.1), and the forwarding one it writes itself. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'x-forwarded-for',
]);

export interface ForwardingProxy {
  /** The address the browser uses (the server's PUBLIC_URL). */
  readonly url: string;
  readonly port: number;
  /** The visitor address the proxy reports in X-Forwarded-For; change it between tests. */
  visitor: string;
  /** Starts forwarding to the server at `target`. */
  start(target: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A reverse proxy standing for the CDN or load balancer a deployment names in TRUST_PROXY: every
 * request goes on to the server with `X-Forwarded-For: <visitor>`, replacing whatever the client
 * sent, as a real edge does. Its port is chosen first, so that the server can be started with
 * PUBLIC_URL set to it.
 */
export async function forwardingProxy(visitor: string): Promise<ForwardingProxy> {
  const port = await freePort();
  let target: URL | undefined;
  const server = createServer((incoming, outgoing) => {
    if (target === undefined) {
      outgoing.writeHead(503).end();
      return;
    }
    const headers: IncomingHttpHeaders = {};
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (!HOP_BY_HOP.has(name)) headers[name] = value;
    }
    headers['x-forwarded-for'] = proxy.visitor;
    const upstream = request(
      {
        hostname: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers,
      },
      (answer) => {
        const back: IncomingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name)) back[name] = value;
        }
        outgoing.writeHead(answer.statusCode ?? 502, back);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const proxy: ForwardingProxy = {
    url: `http://127.0.0.1:${port}`,
    port,
    visitor,
    async start(to) {
      target = new URL(to);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return proxy;
}
