import { randomBytes } from 'node:crypto';
import { mkdir, open, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../../lib/errors.js';

/** The image files: an original found under a folder (never out of it), a variant written whole. */

/** Written under a temporary name then renamed: a reader sees the whole file or none. */
export async function writeAtomically(file: string, buffer: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temporary, buffer);
    await rename(temporary, file);
  } catch (error) {
    // A full or read-only disk costs a re-render next time, never the answer.
    await rm(temporary, { force: true }).catch(() => {});
    throw error;
  }
}

/** The file `segments` name under `root`, or undefined when it is not there (or leads out of it). */
export async function findIn(
  root: string,
  segments: string[],
): Promise<{ file: string; size: number; mtimeMs: number } | undefined> {
  const candidate = path.resolve(root, ...segments);
  if (!isInside(root, candidate))
    throw new ApiError(400, 'BAD_REQUEST', 'image path leaves the images folder');
  try {
    // Symbolic links may not lead out of the folder either.
    const [file, realRoot] = await Promise.all([realpath(candidate), realpath(root)]);
    if (!isInside(realRoot, file)) return undefined;
    const info = await stat(file);
    if (!info.isFile()) return undefined;
    return { file, size: info.size, mtimeMs: info.mtimeMs };
  } catch (error) {
    if (isFsNotFound(error)) return undefined;
    throw error;
  }
}

/** Bytes of a PNG read to find its colour type and any transparency before the pixels. */
const PNG_HEAD_BYTES = 4096;

/**
 * Whether a PNG has no transparency (no alpha channel, no palette, no tRNS chunk before its
 * pixels), read from its first bytes: such an original may be sent as JPEG. Anything unsure
 * (a palette, chunks beyond the bytes read, not a PNG) counts as transparent.
 */
export async function pngIsOpaque(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(PNG_HEAD_BYTES), 0, PNG_HEAD_BYTES, 0);
    const head = buffer.subarray(0, bytesRead);
    // Signature (8 bytes), then IHDR: length, type, width, height, bit depth, colour type (byte 25).
    if (head.length < 33 || head.toString('latin1', 12, 16) !== 'IHDR') return false;
    const colourType = head[25];
    // 0 greyscale, 2 RGB: opaque unless a tRNS chunk names a transparent colour.
    if (colourType !== 0 && colourType !== 2) return false;
    for (let at = 8; at + 8 <= head.length; at += 12 + head.readUInt32BE(at)) {
      const type = head.toString('latin1', at + 4, at + 8);
      if (type === 'tRNS') return false;
      if (type === 'IDAT') return true;
    }
    return false;
  } finally {
    await handle.close();
  }
}

function isInside(root: string, file: string): boolean {
  return file.startsWith(root + path.sep);
}

function isFsNotFound(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP' || code === 'ENAMETOOLONG';
}
