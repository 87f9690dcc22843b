import { existsSync } from 'node:fs';

/** The system Chromium the benchmarks drive: CHROMIUM_PATH, else Debian's. */
export const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p) => p && existsSync(p),
);

/** Flags a headless Chromium needs on this kind of machine (closed network, no sandbox). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
