import { randomBytes } from 'node:crypto';
import { mkdir, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
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

function isInside(root: string, file: string): boolean {
  return file.startsWith(root + path.sep);
}

function isFsNotFound(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP' || code === 'ENAMETOOLONG';
}
