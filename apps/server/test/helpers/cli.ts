import { execFile } from 'node:child_process';
import path from 'node:path';
import { TENANT, type TestDatabase } from './test-app.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * An administrator command of src/cli run from the sources (tsx) on the test database, as an
 * administrator runs it: its exit code and output; `input` is its standard input.
 */
export function runCli(script: string, testDb: TestDatabase, args: string[], input = ''): Promise<CliResult> {
  const file = path.resolve(import.meta.dirname, '../../src/cli', script);
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--conditions=antenne-source', '--import', 'tsx', file, ...args],
      {
        env: {
          ...process.env,
          DATA_DIR: testDb.options.dataDir,
          DATABASE_URL: testDb.options.databaseUrl,
          CUSTOMER: TENANT.customer,
          BUSINESS_UNIT: TENANT.businessUnit,
        },
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(input);
  });
}
