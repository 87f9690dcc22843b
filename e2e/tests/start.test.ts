import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { expect, test } from 'vitest';
import { repoRoot } from '../support/paths.js';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// The README's `npm start` is `node scripts/start.mjs`: it builds only what is stale (nothing
// here, `npm run test:e2e` built it), migrates and seeds a fresh DATA_DIR, loads the demo
// catalogue, and serves the app.
test('npm start serves the app and stops cleanly on SIGTERM', async () => {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'antenne-start-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  try {
    const started = Date.now();
    let ready = false;
    while (!ready && Date.now() - started < 60_000 && child.exitCode === null) {
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ready, `ready within 60 s; output:\n${output}`).toBe(true);

    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
    const config = await fetch(`http://127.0.0.1:${port}/config/config_web.json`);
    expect(config.status).toBe(200);
    // A newcomer's first start shows the demo broadcaster, not an empty shelf.
    const films = await fetch(
      `http://127.0.0.1:${port}/v1/customer/antenne/businessunit/monde/content/asset?assetType=MOVIE&pageSize=1&allowedCountry=FR`,
    );
    expect(films.status).toBe(200);
    expect(((await films.json()) as { totalCount: number }).totalCount).toBeGreaterThan(50);

    const stopAsked = Date.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - stopAsked).toBeLessThan(5_000);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
