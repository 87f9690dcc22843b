import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Starting and stopping the built server (and other processes) for the benchmarks. */

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');

export interface Running {
  child: ChildProcess;
  url: string;
}

export function boundedInt(text: string | undefined, fallback: number, min: number, max: number): number {
  const value = Number(text ?? fallback);
  return Number.isInteger(value) ? Math.min(max, Math.max(min, value)) : fallback;
}

/** A port free right now on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Spawns the server on a given port and resolves once /healthz answers (whatever LOG_LEVEL hides). */
export async function startApp(env: Record<string, string>, logLines?: string[]): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', logLines ? 'pipe' : 'ignore', 'inherit'],
  });
  if (logLines) {
    let rest = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      logLines.push(...lines);
    });
  }
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { child, url };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not answer /healthz within 20 s');
}

/** Spawns a process and resolves with its URL once it prints "listening on http://...". */
export function start(args: string[], env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let seen = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no "listening on" within 20 s:\n${seen}`));
    }, 20_000);
    const onData = (chunk: Buffer) => {
      if (seen.length < 100_000) seen += chunk.toString();
      const match = /listening on (http:\/\/[^\s"]+)/.exec(seen);
      if (match?.[1]) {
        clearTimeout(timer);
        // Keep draining the output so the server never blocks on a full pipe.
        resolve({ child, url: match[1].replace('localhost', '127.0.0.1') });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${seen}`)));
  });
}

export async function stop({ child }: Running): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
