import { describe, expect, test } from 'vitest';
// @ts-expect-error -- a plain ES module of the repository's scripts (no types)
import { fileTimes, stepsOf } from './test-timings.mjs';

/** `npm run test:timings` (scripts/test-timings.mjs): the steps it runs and the files it ranks. */
describe('test timings', () => {
  test('the steps are those of `npm test`, in order; a step that is not `npm run <script>` is refused', () => {
    expect(stepsOf('npm run typecheck && npm run lint && npm run test:unit && npm run test:e2e')).toEqual([
      'typecheck',
      'lint',
      'test:unit',
      'test:e2e',
    ]);
    expect(() => stepsOf('npm run lint && vitest run')).toThrow(/"vitest run" is not "npm run <script>"/);
  });

  test("a file's time is its end minus its start in Vitest's JSON report, its path from the repository", () => {
    const report = {
      testResults: [
        {
          name: '/repo/apps/web/src/a.test.tsx',
          startTime: 1_000,
          endTime: 4_500,
          assertionResults: [{}, {}],
        },
        { name: '/repo/e2e/tests/b.test.ts', startTime: 2_000, endTime: 2_250, assertionResults: [{}] },
      ],
    };
    expect(fileTimes(report, '/repo')).toEqual([
      { file: 'apps/web/src/a.test.tsx', ms: 3_500, tests: 2 },
      { file: 'e2e/tests/b.test.ts', ms: 250, tests: 1 },
    ]);
    expect(fileTimes({}, '/repo')).toEqual([]);
  });
});
