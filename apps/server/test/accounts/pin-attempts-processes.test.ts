import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  accountPaths,
  IDENTITY_USERNAME_PREFIX,
  type LoginResponse,
  type UserProfile,
  type UserProfiles,
} from '@antenne/contract';
import { MAX_WRONG_PINS } from '../../src/modules/accounts/pin-attempts.js';
import { createTestDatabase, TEST_DATABASE_URL, TENANT, type TestDatabase } from '../helpers/test-app.js';
import { bearer, DEVICE, idToken, START } from './helpers.js';

/**
 * The wrong-PIN count lives in the database (issue 14, ADR 0018), so two server PROCESSES on one
 * PostgreSQL count the same guesses: a cluster allows a household five, not five a node.
 * pin-attempts.test.ts shows it for two apps in one process; here each node is a child process
 * (test/helpers/pin-node.ts) reached over real HTTP. PostgreSQL only: SQLite is one file of one machine.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const NODE = path.resolve(import.meta.dirname, '../helpers/pin-node.ts');
const PIN = '4821';

interface Node {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

/** Starts one node on the test database; resolves with its address once it listens. */
function startNode(testDb: TestDatabase): Promise<Node> {
  const child = spawn(process.execPath, ['--conditions=antenne-source', '--import', 'tsx', NODE], {
    cwd: ROOT,
    env: {
      ...process.env,
      PIN_NODE_DATABASE: JSON.stringify(testDb.options),
      PIN_NODE_NOW: String(START),
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`node did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on port (\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${match[1]}`, exited });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`node exited early:\n${output}`)));
  });
}

/** A JSON call over HTTP: its status and the `message` of its body (the error code, if any). */
async function call(node: Node, method: string, url: string, token?: string, payload?: unknown) {
  const res = await fetch(node.url + url, {
    method,
    headers: {
      ...(token === undefined ? {} : bearer(token)),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

const status = (res: { status: number; body: unknown }) => [
  res.status,
  (res.body as { message?: string }).message,
];

describe.skipIf(!TEST_DATABASE_URL)('wrong parental PINs counted across server processes (postgres)', () => {
  let testDb: TestDatabase;
  const nodes: Node[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    nodes.push(...(await Promise.all([startNode(testDb), startNode(testDb)])));
  }, 60_000);

  afterAll(async () => {
    for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGTERM');
    // Each node closes its app (and its connection pool) before the schema is dropped.
    expect(await Promise.all(nodes.map((node) => node.exited))).toEqual(nodes.map(() => 0));
    await testDb?.cleanup();
  }, 30_000);

  /** Changes the owner's PIN on one node, proving it with `currentPinCode`. */
  const changePin = (node: Node, token: string, ownerId: string, currentPinCode: string) =>
    call(node, 'PUT', accountPaths.profile(TENANT, ownerId), token, { pinCode: PIN, currentPinCode });

  test('3 wrong PINs on one process and 2 on the other: the next check is refused on either, even with the right PIN', async () => {
    expect(MAX_WRONG_PINS).toBe(5);
    const [a, b] = nodes as [Node, Node];
    // A household signed in on the first process whose main profile has a PIN.
    const uid = 'uid-processes';
    const email = `${uid}@example.com`;
    const login = await call(a, 'POST', accountPaths.firebaseLogin(TENANT), undefined, {
      username: IDENTITY_USERNAME_PREFIX + uid,
      accessToken: idToken(uid, email),
      device: DEVICE,
      email,
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const token = (login.body as LoginResponse).sessionToken;
    const list = await call(a, 'GET', accountPaths.profiles(TENANT), token);
    const ownerId = (list.body as UserProfiles).profiles.find((p) => p.owner)!.userId;
    const first = await call(a, 'PUT', accountPaths.profile(TENANT, ownerId), token, { pinCode: PIN });
    expect((first.body as UserProfile).hasPinCode).toBe(true);

    for (let i = 0; i < 3; i++)
      expect(status(await changePin(a, token, ownerId, `000${i}`))).toEqual([403, 'INVALID_PIN_CODE']);
    for (let i = 3; i < 5; i++)
      expect(status(await changePin(b, token, ownerId, `000${i}`))).toEqual([403, 'INVALID_PIN_CODE']);
    expect(status(await changePin(a, token, ownerId, PIN))).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(status(await changePin(b, token, ownerId, PIN))).toEqual([429, 'TOO_MANY_REQUESTS']);
  });
});
