import { demoCatalogue } from '@antenne/content';
import { generateDemoImages } from '@antenne/content/images';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { buildDemoMedia } from '../modules/media/demo/build.js';
import { DEMO_IMAGES_DIR } from '../modules/media/demo/prepare.js';
import { formatDuration, progressReporter } from './progress.js';

/**
 * `npm run content:build`: the demo's images and media (programmes, trailers, bumpers, ads) built
 * into CACHE_DIR (default ~/.cache/antenne) — what the first `npm start` on a machine does in the
 * background. Only what the cache lacks is built; the next start attaches the streams to the demo
 * titles. Ctrl-C stops cleanly (the item in progress is discarded).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const started = Date.now();
  const imagesDir = path.join(config.cacheDir, DEMO_IMAGES_DIR);
  console.log(`demo images → ${imagesDir}`);
  const images = await generateDemoImages({ catalogue: demoCatalogue(), outDir: imagesDir });
  console.log(`  ${images.written} written, ${images.skipped} unchanged`);

  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop).once('SIGTERM', stop);
  const progress = progressReporter('preparing media');
  try {
    const result = await buildDemoMedia({
      cacheDir: config.cacheDir,
      signal: controller.signal,
      onStart: (missing) => {
        const seconds = missing.reduce((sum, e) => sum + e.item.seconds, 0);
        console.log(
          `demo media → ${path.join(config.cacheDir, 'media')}: encoding ${missing.length} item(s), ${seconds} s of video`,
        );
      },
      onProgress: progress.update,
    });
    progress.finish();
    for (const entry of result.entries) {
      const state = result.built.includes(entry.folder) ? 'built' : 'cached';
      console.log(
        `  ${state.padEnd(6)} ${entry.item.id.padEnd(18)} ${entry.hls ?? entry.dash ?? entry.mp4 ?? ''}`,
      );
    }
    console.log(
      `demo content ready in ${formatDuration(Date.now() - started)} (${result.built.length} built, ${result.reused.length} from the cache)`,
    );
  } finally {
    process.off('SIGINT', stop).off('SIGTERM', stop);
    progress.finish();
  }
}

try {
  await main();
} catch (error) {
  console.error(`content:build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
