/**
 * Renders the demo catalogue's images: `tsx packages/content/src/images/cli.ts <outDir>`
 * (outDir is the server's `${DATA_DIR}/images`). Prints a line per 10 %.
 */
import { resolve } from 'node:path';
import sharp from 'sharp';
import { demoCatalogue } from '../index.js';
import { generateDemoImages } from './generate.js';

const out = process.argv[2];
if (out === undefined || out.startsWith('-')) {
  process.stderr.write(
    'usage: npm run content:images   (or: node packages/content/dist/images/cli.js <outDir>)\n',
  );
  process.exit(2);
}
const outDir = resolve(out);
// One libvips thread per image, two images at once: the machine has two cores.
sharp.concurrency(1);

const started = performance.now();
let lastTenth = 0;
const say = (line: string) => process.stdout.write(`${line}\n`);
say(`demo images → ${outDir}`);
try {
  const result = await generateDemoImages({
    catalogue: demoCatalogue(),
    outDir,
    onProgress: ({ done, total, written, skipped }) => {
      const tenth = Math.floor((done * 10) / total);
      if (tenth > lastTenth || done === total) {
        lastTenth = tenth;
        say(
          `  ${String(Math.round((done * 100) / total)).padStart(3)} % ${done}/${total} (${written} written, ${skipped} unchanged)`,
        );
      }
    },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  say(`demo images: ${result.written} written, ${result.skipped} unchanged in ${seconds} s`);
} catch (error) {
  process.stderr.write(
    `demo images failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
}
