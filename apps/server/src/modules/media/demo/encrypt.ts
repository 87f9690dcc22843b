import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, open, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { labelAudioInMpd } from '../audio-tracks.js';
import { MediaError } from '../ffmpeg.js';
import { LADDER, MANIFEST_MPD, SEGMENT_SECONDS, type AudioTrack } from '../ladder.js';
import { addSubtitlesToMpd, SUBS_DIR, type Subtitle } from '../subtitles.js';

/**
 * CENC encryption of a demo stream with shaka-packager (media-notes §3, docs/adr/0009). ffmpeg can
 * write `encv`/`enca` samples but puts the per-sample IVs (`senc`) only in `moov`, never in the
 * fragments, so browsers refuse its encrypted fMP4. The item is therefore encoded in the clear by
 * the usual ladder, each rendition's init + segments concatenated into one fragmented MP4, and
 * shaka-packager re-segments them encrypted (AES-CTR, `cenc`, raw key, no clear lead) with a static
 * DASH MPD carrying ContentProtection (`cenc:default_KID` + the common-system `pssh`). No HLS: shaka
 * cannot do ClearKey over HLS with a licence server.
 */

/** Beside the item's files: `{ keyId, key }` in hex. A dot-file and JSON: the media routes never serve it. */
export const CLEARKEY_FILE = '.clearkey.json';

export interface ClearKey {
  /** 32 hex digits (the MPD's `cenc:default_KID` without dashes). */
  keyId: string;
  /** 32 hex digits. */
  key: string;
}

const require = createRequire(import.meta.url);

/** shaka-packager's npm binaries, by `<platform>-<arch>` (as its own index.js maps them). */
const PACKAGER_BINARIES: Readonly<Record<string, string>> = {
  'linux-x64': 'packager-linux-x64',
  'linux-arm64': 'packager-linux-arm64',
  'darwin-x64': 'packager-osx-x64',
  'darwin-arm64': 'packager-osx-arm64',
  'win32-x64': 'packager-win-x64.exe',
};

function packagerPackageDir(): string | undefined {
  try {
    // The package has no "exports": its package.json resolves, its index.js is a CLI (it spawns and exits).
    return path.dirname(require.resolve('shaka-packager/package.json'));
  } catch {
    return undefined;
  }
}

/** The installed shaka-packager's version, part of an encrypted item's cache key ('none' when absent). */
export function packagerVersion(): string {
  const dir = packagerPackageDir();
  if (dir === undefined) return 'none';
  try {
    return (
      (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: string }).version ??
      'unknown'
    );
  } catch {
    return 'unknown';
  }
}

/** The shaka-packager binary for this platform; a MediaError naming what is missing otherwise. */
export function findPackager(platform: string = process.platform, arch: string = process.arch): string {
  const dir = packagerPackageDir();
  if (dir === undefined) {
    throw new MediaError(
      'shaka-packager is not installed (an npm dependency of apps/server): it encrypts the ClearKey demo programme',
    );
  }
  const name = PACKAGER_BINARIES[`${platform}-${arch}`];
  if (name === undefined)
    throw new MediaError(
      `shaka-packager has no binary for ${platform}/${arch}: the ClearKey demo programme cannot be encrypted here`,
    );
  const file = path.join(dir, 'bin', name);
  if (!existsSync(file))
    throw new MediaError(`shaka-packager's binary for ${platform}/${arch} is missing: ${file}`);
  return file;
}

/** A fresh random key and key id (16 bytes each). */
export function generateClearKey(): ClearKey {
  return { keyId: randomBytes(16).toString('hex'), key: randomBytes(16).toString('hex') };
}

/** The key of a built encrypted folder. */
export async function readClearKey(folderPath: string): Promise<ClearKey> {
  const file = path.join(folderPath, CLEARKEY_FILE);
  const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<ClearKey>;
  const hex = /^[0-9a-f]{32}$/;
  if (
    typeof parsed.keyId !== 'string' ||
    !hex.test(parsed.keyId) ||
    typeof parsed.key !== 'string' ||
    !hex.test(parsed.key)
  ) {
    throw new MediaError(`${file}: not a { keyId, key } pair of 32 hex digits`, file);
  }
  return { keyId: parsed.keyId, key: parsed.key };
}

/** `0123…` → `01234567-89ab-cdef-…`: the MPD's form of a key id. */
export function keyIdUuid(keyId: string): string {
  return `${keyId.slice(0, 8)}-${keyId.slice(8, 12)}-${keyId.slice(12, 16)}-${keyId.slice(16, 20)}-${keyId.slice(20)}`;
}

export interface EncryptOptions {
  /** The item's id, named in errors. */
  id: string;
  packagerPath: string;
  /** The clear ladder (the dash muxer's init-<prefix>-<N>.m4s and seg-<prefix>-<N>-<n>.m4s). */
  clearDir: string;
  segmentPrefix: string;
  /** The audio tracks of the clear ladder, in order (representations LADDER.length …). */
  audio: readonly AudioTrack[];
  subtitles: readonly Subtitle[];
  /** Existing, empty output folder. */
  outDir: string;
  key: ClearKey;
  signal?: AbortSignal;
}

/** Representation N of the clear ladder as one fragmented MP4: its init segment then its media segments. */
async function concatRendition(
  clearDir: string,
  segmentPrefix: string,
  n: number,
  files: readonly string[],
  out: string,
): Promise<void> {
  const init = `init-${segmentPrefix}-${n}.m4s`;
  const prefix = `seg-${segmentPrefix}-${n}-`;
  const segments = files.filter((f) => f.startsWith(prefix) && f.endsWith('.m4s')).sort();
  if (!files.includes(init) || segments.length === 0)
    throw new MediaError(`${clearDir}: representation ${n} has no init segment or no media segment`);
  const sink = await open(out, 'w');
  try {
    // Segments are a few hundred KB each: read whole, appended in order.
    for (const file of [init, ...segments]) await sink.write(await readFile(path.join(clearDir, file)));
  } finally {
    await sink.close();
  }
}

/** Packager's stream descriptor of each clear representation (relative outputs: the MPD gets relative URLs). */
export function packagerStreams(inputs: readonly string[], audio: readonly AudioTrack[]): string[] {
  return inputs.map((input, n) => {
    if (n < LADDER.length) {
      const name = LADDER[n]?.name ?? `video-${n}`;
      return `in=${input},stream=video,init_segment=init-${name}.mp4,segment_template=seg-${name}-$Number%05d$.m4s`;
    }
    const a = n - LADDER.length;
    const lang = audio[a]?.lang;
    return `in=${input},stream=audio,${lang === undefined ? '' : `language=${lang},`}init_segment=init-audio-${a}.mp4,segment_template=seg-audio-${a}-$Number%05d$.m4s`;
  });
}

/** Packager's arguments: raw-key CENC, every sample encrypted, a static MPD (media-notes §3). */
export function packagerArgs(streams: readonly string[], key: ClearKey): string[] {
  return [
    ...streams,
    '--segment_duration',
    String(SEGMENT_SECONDS),
    // Without it, packager writes a live (type="dynamic") MPD whenever segment_template is used.
    '--generate_static_live_mpd',
    '--enable_raw_key_encryption',
    '--keys',
    `label=:key_id=${key.keyId}:key=${key.key}`,
    '--protection_scheme',
    'cenc',
    // The common-system pssh (1077efec-…): what ClearKey in browsers reads the key ids from.
    '--protection_systems',
    'CommonSystem',
    '--clear_lead',
    '0',
    '--mpd_output',
    MANIFEST_MPD,
  ];
}

function runPackager(
  packagerPath: string,
  args: string[],
  cwd: string,
  id: string,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      packagerPath,
      args,
      { cwd, maxBuffer: 16 * 1024 * 1024, ...(signal ? { signal } : {}) },
      (error, _stdout, stderr) => {
        if (error === null) return resolve();
        if (signal?.aborted) return reject(new MediaError(`${id}: encryption interrupted`));
        const lines = String(stderr)
          .trim()
          .split('\n')
          .filter((l) => l.trim() !== '')
          .slice(-5)
          .join('\n');
        reject(
          new MediaError(
            `${id}: shaka-packager (${packagerPath}) failed: ${lines || error.message}`,
            undefined,
            lines,
          ),
        );
      },
    );
  });
}

/**
 * Encrypts the clear ladder of `clearDir` into `outDir`: encrypted init and media segments, a
 * static `manifest.mpd` with ContentProtection, named audio and the side-loaded subtitles
 * (`subs/<lang>.vtt`, as the clear items have them), and `.clearkey.json`.
 */
export async function encryptLadder(options: EncryptOptions): Promise<void> {
  const { clearDir, segmentPrefix, outDir, key } = options;
  const files = await readdir(clearDir);
  const representations = LADDER.length + options.audio.length;
  const inputs: string[] = [];
  for (let n = 0; n < representations; n++) {
    const file = path.join(clearDir, `rep-${n}.mp4`);
    await concatRendition(clearDir, segmentPrefix, n, files, file);
    inputs.push(file);
  }
  await runPackager(
    options.packagerPath,
    packagerArgs(packagerStreams(inputs, options.audio), key),
    outDir,
    options.id,
    options.signal,
  );

  const mpdFile = path.join(outDir, MANIFEST_MPD);
  let mpd: string;
  try {
    mpd = await readFile(mpdFile, 'utf8');
  } catch {
    throw new MediaError(`${options.id}: shaka-packager wrote no ${MANIFEST_MPD}`);
  }
  if (!mpd.includes('type="static"'))
    throw new MediaError(`${options.id}: shaka-packager wrote a live MPD (type is not static)`);
  if (!mpd.includes(`cenc:default_KID="${keyIdUuid(key.keyId)}"`))
    throw new MediaError(`${options.id}: the MPD does not carry the key id`);
  mpd = labelAudioInMpd(mpd, options.audio);
  if (options.subtitles.length > 0) {
    await mkdir(path.join(outDir, SUBS_DIR));
    for (const s of options.subtitles) await writeFile(path.join(outDir, SUBS_DIR, `${s.lang}.vtt`), s.text);
    mpd = addSubtitlesToMpd(mpd, options.subtitles);
  }
  await writeFile(mpdFile, mpd);
  await writeFile(path.join(outDir, CLEARKEY_FILE), `${JSON.stringify(key)}\n`, { mode: 0o600 });
}
