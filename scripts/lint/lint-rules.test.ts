import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import { beforeAll, describe, expect, test } from 'vitest';

/**
 * `npm run lint` fails on what ARCHITECTURE.md forbids: each snippet is linted as if it sat at
 * the path given (ESLint's Node API with the repository's own eslint.config.js), so the rule
 * that applies there is the one a developer meets.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Where the snippets sit (no file is written there). */
const FIXTURES = [
  'apps/web/src/features/home/lint-fixture.ts',
  'apps/web/src/features/player/overlay/lint-fixture.ts',
  'apps/web/src/app/lint-fixture.ts',
  'apps/web/src/components/lint-fixture.ts',
  'apps/web/src/api/lint-fixture.ts',
  'apps/server/src/lint-fixture.ts',
  'packages/contract/src/lint-fixture.ts',
];
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: root,
    // A file that is not on disk is in no tsconfig: the type-aware rules read it in a default project.
    overrideConfig: {
      files: ['**/lint-fixture.ts'],
      languageOptions: {
        parserOptions: {
          projectService: { allowDefaultProject: FIXTURES, defaultProject: 'tsconfig.base.json' },
        },
      },
    },
  });
});

/** The ids of the rules a snippet at this path breaks. */
async function rulesBroken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  const messages = result?.messages ?? [];
  const fatal = messages.find((message) => message.fatal);
  if (fatal) throw new Error(`${file}: ${fatal.message}`);
  return messages.map((message) => message.ruleId ?? '');
}

describe('import boundaries', () => {
  test('a feature importing another feature’s file fails; its own files, shared folders and src/app composing pages pass', async () => {
    expect(
      await rulesBroken(
        'apps/web/src/features/home/lint-fixture.ts',
        "import PlayerPage from '../player/player-page';\nexport const page = PlayerPage;\n",
      ),
    ).toContain('antenne/feature-boundaries');
    expect(
      await rulesBroken(
        'apps/web/src/features/player/overlay/lint-fixture.ts',
        "export { default } from '../../search/search-page';\n",
      ),
    ).toContain('antenne/feature-boundaries');
    expect(
      await rulesBroken(
        'apps/web/src/features/player/overlay/lint-fixture.ts',
        "import PlayerPage from '../player-page';\nimport { sanitize } from '../../../lib/html';\nexport const all = [PlayerPage, sanitize];\n",
      ),
    ).not.toContain('antenne/feature-boundaries');
    expect(
      await rulesBroken(
        'apps/web/src/app/lint-fixture.ts',
        "export const load = () => import('../features/player/player-page');\n",
      ),
    ).toEqual([]);
  });

  test('a contract file importing the web app (or the server, or the demo content) fails', async () => {
    for (const specifier of ['../../../apps/web/src/lib/html', '@antenne/server', '@antenne/content']) {
      expect(
        await rulesBroken('packages/contract/src/lint-fixture.ts', `export * from '${specifier}';\n`),
        specifier,
      ).toContain('antenne/contract-boundaries');
    }
    expect(
      await rulesBroken('packages/contract/src/lint-fixture.ts', "export * from './index.js';\n"),
    ).toEqual([]);
  });
});

test('fetch in a feature file fails; in src/api it passes', async () => {
  const code = "export const load = () => fetch('/v1/anything');\n";
  expect(await rulesBroken('apps/web/src/features/home/lint-fixture.ts', code)).toContain(
    'no-restricted-globals',
  );
  expect(
    await rulesBroken(
      'apps/web/src/components/lint-fixture.ts',
      'export const load = () => window.fetch("/x");\n',
    ),
  ).toContain('no-restricted-properties');
  expect(await rulesBroken('apps/web/src/api/lint-fixture.ts', code)).toEqual([]);
});

test('a floating promise fails; an awaited or void one passes', async () => {
  const define = 'async function save(): Promise<void> {}\n';
  expect(
    await rulesBroken(
      'apps/server/src/lint-fixture.ts',
      `${define}export function run(): void {\n  save();\n}\n`,
    ),
  ).toContain('@typescript-eslint/no-floating-promises');
  expect(
    await rulesBroken(
      'apps/web/src/features/home/lint-fixture.ts',
      `${define}export async function run(): Promise<void> {\n  await save();\n  void save();\n}\n`,
    ),
  ).toEqual([]);
});

test('an unformatted file fails Prettier’s check', async () => {
  const file = path.join(root, 'apps/web/src/features/home/lint-fixture.ts');
  const options = { ...(await prettier.resolveConfig(file)), filepath: file };
  const formatted = 'export const answer = { value: 42 };\n';
  expect(await prettier.check(formatted, options)).toBe(true);
  expect(await prettier.check('export const answer={value:42}', options)).toBe(false);
});
