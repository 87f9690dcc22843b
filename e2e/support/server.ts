import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, serverEntry } from './paths.js';

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  logs: string[];
  stop(): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real built server (`node apps/server/dist/main.js`) on a free port with a fresh
 * DATA_DIR, and resolves once /readyz answers 200.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'antenne-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const logs: string[] = [];
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    // The test-only clock preload (support/clock.ts) takes its moves through an IPC channel.
    stdio:
      env.E2E_CLOCK_OFFSET_MS === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));

  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with code ${child.exitCode} before it was ready:\n${logs.join('')}`);
    }
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within 60 s:\n${logs.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    port,
    dataDir,
    process: child,
    logs,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/**
 * Waits until /readyz reports the demo media ready: built into CACHE_DIR (the first run on a
 * machine encodes them, ~2–3 min; later runs find them cached) and attached to the demo titles.
 */
export async function waitForDemoMedia(url: string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const ready = (await fetch(`${url}/readyz`).then(
      (r) => r.json(),
      () => ({}),
    )) as { demoMedia?: string };
    last = ready.demoMedia ?? 'absent';
    if (last === 'ready') return;
    if (last === 'failed' || last === 'off' || last === 'absent') throw new Error(`demo media ${last}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`demo media not ready within ${timeoutMs / 1000} s (still ${last})`);
}
