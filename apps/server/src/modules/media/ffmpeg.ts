import { spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Finding and running ffmpeg. The system `ffmpeg` wins when it is on PATH (a distribution build,
 * e.g. Debian's 5.1); otherwise the static build shipped by `@ffmpeg-installer/ffmpeg` (4.1-era).
 * Every option used by the pipeline works with both.
 */

/** A media failure: names the file concerned and, for ffmpeg failures, ffmpeg's own last words. */
export class MediaError extends Error {
  constructor(
    message: string,
    /** The file the failure is about (the input video, a subtitle file ...), when there is one. */
    readonly file?: string,
    /** ffmpeg's last meaningful stderr lines, when ffmpeg failed. */
    readonly ffmpegMessage?: string,
  ) {
    super(message);
    this.name = 'MediaError';
  }
}

/** The ffmpeg to run: `ffmpeg` found on PATH, else the binary of `@ffmpeg-installer/ffmpeg`. */
export function findFfmpeg(pathVariable: string | undefined = process.env.PATH): string {
  for (const dir of (pathVariable ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.join(dir, 'ffmpeg');
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  try {
    const require = createRequire(import.meta.url);
    const installer = require('@ffmpeg-installer/ffmpeg') as { path: string };
    return installer.path;
  } catch (error) {
    throw new MediaError(
      `no ffmpeg: none on PATH and @ffmpeg-installer/ffmpeg is not usable (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/** Lines of ffmpeg's stderr that say nothing about a failure. */
const NOISE = [
  /^\s*$/,
  /^ffmpeg version /,
  /^\s+(built with|configuration:|lib\w+\s+\d)/,
  /^Input #\d/,
  /^Output #\d/,
  /^\s+(Metadata|Duration|Stream|Chapter|Side data)\b/,
  /^\s+\w[\w ]*:\s/, // metadata entries "    handler_name    : ..."
  /^Stream mapping:/,
  /^Press \[q\]/,
  /^At least one output file must be specified/,
];

/** The last few stderr lines worth showing (ffmpeg's error, without the stream listing). */
export function meaningfulLines(stderr: string, count = 3): string {
  const lines = stderr
    .split(/\r?\n|\r/)
    // "[mov,mp4,m4a,3gp,3g2,mj2 @ 0x36029b00] moov atom not found" → "mov,mp4,m4a,3gp,3g2,mj2: moov atom not found"
    .map((line) => line.trimEnd().replace(/^\[([^\]@]+?) @ 0x[0-9a-f]+\]\s*/, '$1: '))
    .filter((line) => !NOISE.some((pattern) => pattern.test(line)));
  return lines.slice(-count).join('\n').trim();
}

/** Keeps the tail of a stream's text, at most `limit` characters. */
class Tail {
  private text = '';
  constructor(private readonly limit: number) {}
  push(chunk: string): void {
    this.text += chunk;
    if (this.text.length > this.limit * 2) this.text = this.text.slice(-this.limit);
  }
  toString(): string {
    return this.text.slice(-this.limit);
  }
}

export interface RunOptions {
  ffmpegPath: string;
  /** The input the run is about: named in the error. */
  input: string;
  /** Expected output duration (ms): progress is out_time / duration. */
  durationMs?: number;
  /** Fraction done, 0..1, at most a few times a second. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface RunResult {
  code: number;
  stderr: string;
}

/** Runs ffmpeg with `args` and resolves with its exit code and the tail of stderr (never rejects on a non-zero exit). */
export function spawnFfmpeg(
  ffmpegPath: string,
  args: string[],
  onStdout?: (line: string) => void,
  signal?: AbortSignal,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(signal ? { signal } : {}),
    });
    const stderr = new Tail(64 * 1024);
    let pending = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (onStdout === undefined) return;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onStdout(line);
    });
    child.on('error', reject);
    child.on('close', (code, killedBy) => {
      resolve({ code: code ?? (killedBy ? 128 : 1), stderr: stderr.toString() });
    });
  });
}

/**
 * Runs an encode: `-progress pipe:1 -nostats` feeds `onProgress`; a non-zero exit rejects with a
 * MediaError naming the input and ffmpeg's last meaningful stderr lines.
 */
export async function runFfmpeg(args: string[], options: RunOptions): Promise<void> {
  const { durationMs, onProgress } = options;
  let lastReport = 0;
  const onLine = (line: string) => {
    // out_time_ms is in microseconds despite its name (both builds); 5.x adds out_time_us.
    const match = /^out_time_(?:ms|us)=(\d+)/.exec(line);
    if (match === null || onProgress === undefined || !durationMs) return;
    const fraction = Math.min(1, Number(match[1]) / 1000 / durationMs);
    const now = Date.now();
    if (now - lastReport < 200 && fraction < 1) return;
    lastReport = now;
    onProgress(fraction);
  };
  const fullArgs = ['-hide_banner', '-nostdin', '-y', '-progress', 'pipe:1', '-nostats', ...args];
  let result: RunResult;
  try {
    result = await spawnFfmpeg(options.ffmpegPath, fullArgs, onLine, options.signal);
  } catch (error) {
    if (options.signal?.aborted) throw new MediaError(`${options.input}: encode interrupted`, options.input);
    throw new MediaError(
      `${options.input}: could not run ffmpeg (${options.ffmpegPath}): ${error instanceof Error ? error.message : String(error)}`,
      options.input,
    );
  }
  if (options.signal?.aborted) throw new MediaError(`${options.input}: encode interrupted`, options.input);
  if (result.code !== 0) {
    const ffmpegMessage = meaningfulLines(result.stderr) || `exit code ${result.code}`;
    throw new MediaError(`${options.input}: ffmpeg failed: ${ffmpegMessage}`, options.input, ffmpegMessage);
  }
  onProgress?.(1);
}

/** What `ffmpeg -i` tells about an input (there is no ffprobe). */
export interface ProbeResult {
  durationMs: number;
  /** Frames per second of the first video stream (25 when ffmpeg does not say). */
  fps: number;
  width: number;
  height: number;
  hasAudio: boolean;
  /** How many audio tracks the input has. */
  audioTracks: number;
}

/** Reads the input's duration, frame rate, size and whether it has audio from `ffmpeg -i` stderr. */
export async function probeMedia(ffmpegPath: string, input: string): Promise<ProbeResult> {
  let result: RunResult;
  try {
    result = await spawnFfmpeg(ffmpegPath, ['-hide_banner', '-nostdin', '-i', input]);
  } catch (error) {
    throw new MediaError(
      `${input}: could not run ffmpeg (${ffmpegPath}): ${error instanceof Error ? error.message : String(error)}`,
      input,
    );
  }
  return parseProbe(result.stderr, input);
}

export function parseProbe(stderr: string, input: string): ProbeResult {
  const fail = (why: string): never => {
    const ffmpegMessage = meaningfulLines(stderr);
    throw new MediaError(
      `${input}: ${why}${ffmpegMessage ? `: ${ffmpegMessage}` : ''}`,
      input,
      ffmpegMessage || undefined,
    );
  };
  if (!/^Input #0/m.test(stderr)) fail('not a media file ffmpeg can read');
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  if (duration === null) fail('ffmpeg found no duration');
  const [, h, m, s] = duration as RegExpExecArray;
  const durationMs = Math.round((Number(h) * 3600 + Number(m) * 60 + Number(s)) * 1000);
  if (!(durationMs > 0)) fail('the input has no duration');

  const video = /^\s*Stream #0:\d+.*?: Video: (.*)$/m.exec(stderr);
  if (video === null) fail('no video stream');
  const videoLine = (video as RegExpExecArray)[1] ?? '';
  const size = /, (\d{2,5})x(\d{2,5})/.exec(videoLine);
  if (size === null) fail('no video size');
  const rate = /, (\d+(?:\.\d+)?)(k?) fps/.exec(videoLine) ?? /, (\d+(?:\.\d+)?)(k?) tbr/.exec(videoLine);
  const fpsValue = rate === null ? 25 : Number(rate[1]) * (rate[2] === 'k' ? 1000 : 1);
  const fps = fpsValue > 0 && fpsValue <= 240 ? fpsValue : 25;
  return {
    durationMs,
    fps,
    width: Number((size as RegExpExecArray)[1]),
    height: Number((size as RegExpExecArray)[2]),
    hasAudio: /^\s*Stream #0:\d+.*?: Audio: /m.test(stderr),
    audioTracks: [...stderr.matchAll(/^\s*Stream #0:\d+.*?: Audio: /gm)].length,
  };
}
