// Builds each workspace whose sources are newer than its last build. A fresh clone builds all
// four (contract, content, server, web); a second `npm start` builds nothing and starts at once.
// Run as a script it is `npm run build` (`--all`: every workspace, stale or not) and the e2e's
// build step (only what is stale): both write the stamps, so the app is built once per change and
// `npm start` (e2e/tests/start.test.ts) finds it built.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Each step: the workspace, the inputs that make it stale, the stamp written after a build. */
const steps = [
  {
    workspace: 'packages/contract',
    inputs: ['packages/contract/src', 'packages/contract/package.json', 'packages/contract/tsconfig.json'],
    stamp: 'packages/contract/dist/.build-stamp',
  },
  {
    workspace: 'packages/content',
    inputs: [
      'packages/content/src',
      'packages/content/package.json',
      'packages/content/tsconfig.json',
      'packages/contract/src',
    ],
    stamp: 'packages/content/dist/.build-stamp',
  },
  {
    workspace: 'apps/server',
    inputs: [
      'apps/server/src',
      'apps/server/package.json',
      'apps/server/tsconfig.json',
      'packages/contract/src',
      'packages/content/src',
    ],
    stamp: 'apps/server/dist/.build-stamp',
  },
  {
    workspace: 'apps/web',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/package.json',
      'apps/web/vite.config.ts',
      'packages/contract/src',
    ],
    stamp: 'apps/web/dist/.build-stamp',
  },
];

function newestMtime(path) {
  const abs = join(root, path);
  if (!existsSync(abs)) return 0;
  const stat = statSync(abs);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(abs)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function stampTime(stamp) {
  const abs = join(root, stamp);
  if (!existsSync(abs)) return -1;
  return Number(readFileSync(abs, 'utf8')) || -1;
}

export async function ensureBuilt({ log = () => {}, all = false } = {}) {
  for (const step of steps) {
    const newest = Math.max(...step.inputs.map(newestMtime));
    if (!all && stampTime(step.stamp) >= newest) continue;
    log(`antenne: building ${step.workspace} …`);
    const started = Date.now();
    const result = spawnSync('npm', ['run', 'build', '-w', step.workspace, '--silent'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      // Always a production bundle: a caller's NODE_ENV (vitest sets `test`) would make Vite ship
      // React's development build, twice the size.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) {
      throw new Error(`antenne: the build of ${step.workspace} failed (exit ${result.status}); see above`);
    }
    writeFileSync(join(root, step.stamp), String(newest));
    log(`antenne: built ${step.workspace} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await ensureBuilt({ all: process.argv.includes('--all'), log: (line) => console.log(line) });
}
