import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../src/app.js';
import { securityHeaders } from '../src/lib/security-headers.js';
import { buildTestApp, createTestDatabase, engines, type TestDatabase } from './helpers/test-app.js';

/** What reaches the socket: status, headers and body of the first answer to raw bytes. */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function rawRequest(port: number, bytes: Buffer | string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(bytes);
  });
}

const request = (line: string, headers = 'Host: localhost\r\nConnection: close\r\n') =>
  `${line}\r\n${headers}\r\n`;

/**
 * Requests Node's HTTP parser refuses before Fastify routes them, over a real socket (inject()
 * bypasses the parser): each answers the one error body.
 */
describe.each(engines)('client errors before routing (%s)', (engine) => {
  let testDb: TestDatabase;
  let app: App;
  let port: number;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    app = await buildTestApp(testDb);
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const expectErrorBody = (answer: RawAnswer, httpCode: number, message: string) => {
    expect(answer.status, answer.body).toBe(httpCode);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ httpCode, message, extendedMessage: expect.any(String) });
  };

  test('an oversized URL answers 431 in the error body', async () => {
    const answer = await rawRequest(port, request(`GET /v2/${'a'.repeat(20_000)} HTTP/1.1`));
    expectErrorBody(answer, 431, 'REQUEST_HEADER_FIELDS_TOO_LARGE');
  });

  test('oversized headers answer 431 in the error body', async () => {
    const answer = await rawRequest(
      port,
      request(
        'GET /healthz HTTP/1.1',
        `Host: localhost\r\nX-Big: ${'b'.repeat(20_000)}\r\nConnection: close\r\n`,
      ),
    );
    expectErrorBody(answer, 431, 'REQUEST_HEADER_FIELDS_TOO_LARGE');
  });

  test('an unknown method answers 400 in the error body', async () => {
    const answer = await rawRequest(port, request('BREW /healthz HTTP/1.1'));
    expectErrorBody(answer, 400, 'BAD_REQUEST');
    expect(JSON.parse(answer.body).extendedMessage).toBe('the method is not one HTTP knows');
  });

  test('a path of raw non-UTF-8 bytes answers 400 in the error body', async () => {
    const bytes = Buffer.concat([
      Buffer.from('GET /v2/'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(' HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
    ]);
    const answer = await rawRequest(port, bytes);
    expectErrorBody(answer, 400, 'BAD_REQUEST');
  });

  test('a percent-encoded non-UTF-8 path answers 400 in the error body', async () => {
    const answer = await rawRequest(
      port,
      request('GET /v1/customer/antenne/businessunit/monde/content/asset/%FF%FE HTTP/1.1'),
    );
    expectErrorBody(answer, 400, 'BAD_REQUEST');
  });

  test('a method HTTP knows but no route has answers 404 in the error body', async () => {
    const answer = await rawRequest(port, request('PURGE /v2/location HTTP/1.1'));
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toEqual({ httpCode: 404, message: 'NOT_FOUND' });
  });

  /** The security headers every answer carries (lib/security-headers.ts). */
  const expectSecurityHeaders = (answer: RawAnswer) => {
    for (const [name, value] of Object.entries(securityHeaders('http://localhost:8080')))
      expect(answer.headers[name], name).toBe(value);
  };

  test.each([
    ['HTTP/1.0', 'GET /healthz HTTP/1.0\r\n\r\n'],
    ['HTTP/1.1', 'GET /healthz HTTP/1.1\r\n\r\n'],
    ['HTTP/1.1, an empty Host', 'GET /healthz HTTP/1.1\r\nHost:\r\n\r\n'],
    ['HTTP/1.0, an unknown page', 'GET /nulle-part HTTP/1.0\r\n\r\n'],
  ])(
    'a request without Host (%s) answers 400 in the error body, with the security headers, and the connection closes',
    async (_name, bytes) => {
      const answer = await rawRequest(port, bytes);
      expectErrorBody(answer, 400, 'BAD_REQUEST');
      expect(JSON.parse(answer.body).extendedMessage).toBe('the request has no Host header');
      expectSecurityHeaders(answer);
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.headers.connection).toBe('close');
    },
  );

  test('what the parser refuses carries the security headers too', async () => {
    const answer = await rawRequest(port, request('BREW /healthz HTTP/1.1'));
    expectErrorBody(answer, 400, 'BAD_REQUEST');
    expectSecurityHeaders(answer);
  });

  test('a request the parser cannot read answers 400 in the error body', async () => {
    const answer = await rawRequest(
      port,
      'GET /healthz HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n',
    );
    expectErrorBody(answer, 400, 'BAD_REQUEST');
  });
});
