import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { CatalogueFile } from '../catalogue/types.js';
import { planImages, type ImageJob } from './plan.js';

/** url → hash of its inputs, in `outDir/.demo-images.json`. */
export const MANIFEST_FILE = '.demo-images.json';

export interface ImageProgress {
  done: number;
  total: number;
  written: number;
  skipped: number;
  url: string;
}

export interface GenerateOptions {
  catalogue: CatalogueFile;
  /** The images folder: `/images/assets/x/poster.png` is written to `outDir/assets/x/poster.png`. */
  outDir: string;
  /** Images rendered at once (default 2: the machine has two cores). */
  concurrency?: number;
  onProgress?: (progress: ImageProgress) => void;
}

export interface GenerateResult {
  written: number;
  skipped: number;
}

interface Manifest {
  version: 1;
  files: Record<string, string>;
}

async function readManifest(path: string): Promise<Manifest> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as Partial<Manifest>;
    if (parsed.version === 1 && parsed.files !== undefined && typeof parsed.files === 'object') {
      return { version: 1, files: { ...parsed.files } };
    }
  } catch {
    // Missing or unreadable: everything is rendered again.
  }
  return { version: 1, files: {} };
}

async function writeAtomically(path: string, data: Buffer | string): Promise<void> {
  const temp = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await writeFile(temp, data);
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

const exists = (path: string) =>
  stat(path).then(
    (s) => s.isFile(),
    () => false,
  );

export async function renderImage(job: ImageJob): Promise<Buffer> {
  const image = sharp(Buffer.from(job.svg));
  // Opaque drawings are stored as RGB (a quarter smaller); logos keep their alpha.
  return (job.transparent ? image : image.removeAlpha())
    .png({ compressionLevel: 1, adaptiveFiltering: false })
    .toBuffer();
}

/**
 * Renders every image the catalogue references into `outDir` (PNG originals the server resizes
 * per request). Files whose inputs did not change since the last run (manifest) are skipped.
 * Throws if a referenced URL has no rule (see `planImages`).
 */
export async function generateDemoImages(options: GenerateOptions): Promise<GenerateResult> {
  const { catalogue, outDir, onProgress } = options;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 2));
  const plan = planImages(catalogue);
  if (plan.unmatched.length > 0) {
    throw new Error(`No image rule for: ${plan.unmatched.slice(0, 5).join(', ')}`);
  }
  await mkdir(outDir, { recursive: true });
  const manifestPath = join(outDir, MANIFEST_FILE);
  const manifest = await readManifest(manifestPath);

  const total = plan.jobs.length;
  let written = 0;
  let skipped = 0;
  let done = 0;
  let sinceSave = 0;
  const saveManifest = () => writeAtomically(manifestPath, `${JSON.stringify(manifest, null, 1)}\n`);

  const one = async (job: ImageJob) => {
    const path = join(outDir, job.file);
    if (manifest.files[job.url] === job.hash && (await exists(path))) {
      skipped++;
    } else {
      const png = await renderImage(job);
      await mkdir(dirname(path), { recursive: true });
      await writeAtomically(path, png);
      manifest.files[job.url] = job.hash;
      written++;
      sinceSave++;
    }
    done++;
    onProgress?.({ done, total, written, skipped, url: job.url });
  };

  let next = 0;
  const worker = async () => {
    while (next < total) {
      const job = plan.jobs[next++];
      if (job === undefined) break;
      await one(job);
      // An interrupted run keeps most of its work.
      if (sinceSave >= 200) {
        sinceSave = 0;
        await saveManifest();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  } finally {
    if (written > 0) await saveManifest();
  }
  return { written, skipped };
}
