import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, redactUrl } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { ingestMedia } from '../modules/media/ingest.js';
import { formatDuration, progressReporter } from './progress.js';

/**
 * `node dist/cli/media-ingest.js <video file> --asset <id> [--subtitles fr=fr.vtt ...]`
 * (`npm run media:ingest -- ...`): encodes the video to the ABR ladder under
 * DATA_DIR/media/<id>/ and records the HLS and DASH medias on the asset (modules/media/README.md).
 */
const USAGE =
  'usage: npm run media:ingest -- <video file> --asset <assetId> [--subtitles <lang>=<file.vtt> ...] [--audio <lang>[:description] ...]\n' +
  '  e.g. npm run media:ingest -- film.mp4 --asset film-ete-indien --subtitles fr=film.fr.vtt --subtitles en=film.en.vtt\n' +
  '  --audio, once per audio track of the input, in order: its language, and ":description" for audio description\n' +
  '  (e.g. --audio fr --audio fr:description)';

// Through `npm run`, the working folder is the repository root: relative paths are the caller's.
const callerDir = process.env.INIT_CWD ?? process.cwd();

function fail(message: string, code = 1): void {
  console.error(message);
  process.exitCode = code;
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        asset: { type: 'string' },
        subtitles: { type: 'string', multiple: true },
        audio: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, 2);
  }
  const { values, positionals } = parsed;
  if (values.help) return fail(USAGE, 0);
  if (positionals.length !== 1 || values.asset === undefined || values.asset === '') return fail(USAGE, 2);
  const input = path.resolve(callerDir, positionals[0] as string);
  const subtitles: Record<string, string> = {};
  for (const spec of values.subtitles ?? []) {
    const at = spec.indexOf('=');
    if (at <= 0 || at === spec.length - 1)
      return fail(`--subtitles ${spec}: expected <lang>=<file.vtt>\n${USAGE}`, 2);
    subtitles[spec.slice(0, at)] = path.resolve(callerDir, spec.slice(at + 1));
  }

  const audio: { lang: string; description?: boolean }[] = [];
  for (const spec of values.audio ?? []) {
    const match = /^([^:]+)(:description)?$/.exec(spec);
    if (match === null) return fail(`--audio ${spec}: expected <lang> or <lang>:description\n${USAGE}`, 2);
    audio.push({ lang: match[1] as string, ...(match[2] === undefined ? {} : { description: true }) });
  }

  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const where = database.engine === 'sqlite' ? config.dataDir : redactUrl(config.databaseUrl);
  const progress = progressReporter('encoding');
  // Ctrl-C / SIGTERM: stop ffmpeg and let the ingest remove its temporary folder before exiting.
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop).once('SIGTERM', stop);
  try {
    await migrateToLatest(database.db);
    console.log(`${input} → asset ${values.asset} (${database.engine}: ${where})`);
    const result = await ingestMedia({
      input,
      assetId: values.asset,
      subtitles,
      ...(audio.length > 0 ? { audio } : {}),
      dataDir: config.dataDir,
      db: database.db,
      onProgress: progress.update,
      signal: controller.signal,
    });
    progress.finish();
    console.log(`ffmpeg: ${result.ffmpegPath}`);
    console.log(
      `encoded ${formatDuration(result.durationMs)} of video in ${(result.encodeMs / 1000).toFixed(1)} s`,
    );
    for (const r of result.renditions) console.log(`  ${r.name}: ${r.width}x${r.height} ${r.videoKbps} kb/s`);
    if (result.subtitles.length > 0) console.log(`  subtitles: ${result.subtitles.join(', ')}`);
    console.log(`written to ${result.outDir}`);
    for (const media of result.medias) console.log(`  ${media.format}: ${media.locator}`);
  } finally {
    process.off('SIGINT', stop).off('SIGTERM', stop);
    progress.finish();
    await database.destroy();
  }
}

try {
  await main();
} catch (error) {
  fail(`media:ingest failed: ${error instanceof Error ? error.message : String(error)}`);
}
