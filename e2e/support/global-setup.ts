import { existsSync } from 'node:fs';
import { serverEntry, webIndex } from './paths.js';
import { findChromium } from './browser.js';

/** Fails fast, with the fix, when the app is not built or no browser is installed. */
export default function setup(): void {
  for (const file of [serverEntry, webIndex]) {
    if (!existsSync(file)) {
      throw new Error(`e2e needs the built app (${file} is missing): run \`npm run build\` first.`);
    }
  }
  findChromium();
}
