#!/usr/bin/env node
// `npm run dev`: the server with reload on change (tsx watch, TypeScript sources, NODE_ENV=development:
// readable logs through pino-pretty) on :8080, and Vite's dev server with hot reload on :5173, which
// proxies every server path the app calls to it (apps/web/vite.config.ts). Open Vite's URL: the
// server's PUBLIC_URL is it, so sign-in trusts its origin (ADR 0011) and the absolute URLs the
// server writes (the licence's) point through it.
//
// PORT (the server's) and WEB_PORT / WEB_HOST (Vite's) move them; e2e/tests/dev.test.ts uses free
// ports. Ctrl-C (SIGINT) or SIGTERM stops both, with everything they started.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT || '8080';
const webPort = process.env.WEB_PORT || '5173';
const webHost = process.env.WEB_HOST || 'localhost';

const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], {
    stdio: 'inherit',
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: apiPort,
      PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${webPort}`,
    },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web', '--', '--port', webPort, '--strictPort', '--host', webHost], {
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, ANTENNE_DEV_API_URL: `http://127.0.0.1:${apiPort}` },
  }),
];

let stopping = false;
/** Signals each child's whole process group (npm → sh → tsx/vite and their workers). */
const stop = (signal) => {
  stopping = true;
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    if (!stopping) process.exitCode = code ?? 1;
    stop('SIGTERM');
  });
}
