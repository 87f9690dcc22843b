import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; at: number }>;
}

/** Starts the real server process on a free port with a fresh DATA_DIR; resolves when it listens. */
function startServer(dataDir: string): Promise<Started> {
  const child = spawn(process.execPath, ['--conditions=antenne-source', '--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on('exit', (code) => resolve({ code, at: Date.now() })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 15_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on http:\/\/[^:]+:(\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]), output: () => output, exited });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`server exited early:\n${output}`)));
  });
}

function request(agent: http.Agent, port: number, urlPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

describe('stopping the server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'antenne-stop-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('on SIGTERM every in-flight request gets its answer and the process exits 0 within 5 s', async () => {
    const server = await startServer(dataDir);
    const CONNECTIONS = 100;
    const BURST = 100;
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    try {
      // Warm keep-alive connections.
      const warm = await Promise.all(
        Array.from({ length: CONNECTIONS }, () => request(agent, server.port, '/healthz')),
      );
      expect(warm.every((status) => status === 200)).toBe(true);

      const urls = [
        '/readyz',
        '/config/config_web.json',
        '/v2/whitelabel/customer/antenne/businessunit/monde/config/sandwich',
      ];
      const burst = Array.from({ length: BURST }, (_, i) =>
        request(agent, server.port, urls[i % urls.length] ?? '/healthz'),
      );
      // Stop as soon as the first answer is back: the rest are in flight.
      await Promise.race(burst);
      const stopAt = Date.now();
      server.child.kill('SIGTERM');

      const statuses = await Promise.allSettled(burst);
      const failures = statuses.filter((s) => s.status === 'rejected' || s.value !== 200);
      expect(failures, JSON.stringify(failures.slice(0, 3))).toEqual([]);

      const { code, at } = await server.exited;
      expect(code).toBe(0);
      expect(at - stopAt).toBeLessThan(5000);
      expect(server.output()).toMatch(/"msg":"stopped"/);
    } finally {
      agent.destroy();
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 30_000);
});
