// `npm run test:timings`: `npm test` step by step, each step's wall time, then the 15 slowest test
// files of the Vitest runs (unit, component and server suites; e2e), from Vitest's JSON reporter
// (vitest.config.ts and e2e/vitest.config.ts add it when VITEST_JSON_REPORT names a file).
//
//   npm run test:timings                         every step of `npm test`
//   TEST_TIMINGS_STEPS=lint,test:unit npm run test:timings
//
// The figures before and after a change to the test loop go in docs/testing.md (issue 32).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SLOWEST = 15;

/** The steps of `npm test` as its script lists them: `npm run a && npm run b && …`. */
export function stepsOf(testScript) {
  return testScript.split('&&').map((part) => {
    const found = /^\s*npm run ([\w:-]+)\s*$/.exec(part);
    if (found === null) throw new Error(`npm test's step "${part.trim()}" is not "npm run <script>"`);
    return found[1];
  });
}

/** Each test file's wall time from a Vitest JSON report (its files' start and end). */
export function fileTimes(report, base = root) {
  return (report.testResults ?? []).map((file) => ({
    file: relative(base, file.name),
    ms: Math.max(0, (file.endTime ?? 0) - (file.startTime ?? 0)),
    tests: (file.assertionResults ?? []).length,
  }));
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function main() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const all = stepsOf(pkg.scripts.test);
  const picked = process.env.TEST_TIMINGS_STEPS?.split(',').map((step) => step.trim());
  const unknown = (picked ?? []).filter((step) => !all.includes(step));
  if (unknown.length > 0)
    throw new Error(`TEST_TIMINGS_STEPS names no step of npm test: ${unknown.join(', ')}`);
  const steps = picked ?? all;
  const dir = mkdtempSync(join(tmpdir(), 'antenne-timings-'));
  const times = [];
  const files = [];
  let failed;
  try {
    for (const step of steps) {
      const report = join(dir, `${step.replace(/\W/g, '-')}.json`);
      const started = Date.now();
      const run = spawnSync('npm', ['run', step], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, VITEST_JSON_REPORT: report },
      });
      times.push({ step, ms: Date.now() - started, ok: run.status === 0 });
      if (existsSync(report)) files.push(...fileTimes(JSON.parse(readFileSync(report, 'utf8'))));
      if (run.status !== 0) {
        failed = step;
        break;
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const total = times.reduce((sum, { ms }) => sum + ms, 0);
  console.log('\nnpm test, step by step (wall time):');
  for (const { step, ms, ok } of times)
    console.log(`  ${seconds(ms).padStart(9)}  ${step}${ok ? '' : '  (failed)'}`);
  console.log(`  ${seconds(total).padStart(9)}  in all`);
  if (files.length > 0) {
    console.log(`\nThe ${Math.min(SLOWEST, files.length)} slowest test files (of ${files.length}):`);
    for (const { file, ms, tests } of files.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST))
      console.log(`  ${seconds(ms).padStart(9)}  ${file} (${tests} tests)`);
  }
  if (failed !== undefined) {
    console.error(`\n${failed} failed: the steps after it did not run`);
    process.exitCode = 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
