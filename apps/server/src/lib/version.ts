import { readFileSync } from 'node:fs';

/** The server package's version (src/ and dist/ both sit one level below package.json). */
export const SERVER_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
