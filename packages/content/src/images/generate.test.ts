import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalogue } from '../index.js';
import type { CatalogueFile } from '../catalogue/types.js';
import { generateDemoImages, MANIFEST_FILE } from './generate.js';
import { collectImageUrls, planImages, type ImageJob, type ImageKind } from './plan.js';
import { escapeXml, fitTitle, FOCAL_POINT } from './svg.js';

/** The first three assets and the first category tag of the demo catalogue. */
function subset(): CatalogueFile {
  const doc = demoCatalogue();
  return {
    version: 1,
    assets: (doc.assets ?? []).slice(0, 3),
    tags: (doc.tags ?? []).filter((t) => t.scheme === 'category').slice(0, 1),
  };
}

async function allFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('generateDemoImages', () => {
  let out: string;
  const catalogue = subset();
  const plan = planImages(catalogue);
  const ids = (catalogue.assets ?? []).map((a) => a.assetId);

  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), 'demo-images-'));
  });
  afterAll(async () => {
    await rm(out, { recursive: true, force: true });
  });

  it('writes every image at its path with the rule size', async () => {
    const progress: number[] = [];
    const result = await generateDemoImages({
      catalogue,
      outDir: out,
      onProgress: (p) => progress.push(p.done),
    });
    expect(plan.jobs).toHaveLength(3 * 5 + 2);
    expect(result).toEqual({ written: plan.jobs.length, skipped: 0 });
    expect(progress).toHaveLength(plan.jobs.length);
    for (const job of plan.jobs) {
      const meta = await sharp(join(out, job.file)).metadata();
      expect(meta.format).toBe('png');
      expect([meta.width, meta.height]).toEqual([job.width, job.height]);
      expect(meta.hasAlpha).toBe(job.transparent);
    }
    const id = ids[0] ?? '';
    const poster = await sharp(join(out, 'assets', id, 'poster.png')).metadata();
    expect((poster.width ?? 0) / (poster.height ?? 1)).toBeCloseTo(2 / 3, 3);
    for (const name of ['cover', 'thumbnail']) {
      const m = await sharp(join(out, 'assets', id, `${name}.png`)).metadata();
      expect((m.width ?? 0) / (m.height ?? 1)).toBeCloseTo(16 / 9, 3);
    }
    const tagLogo = plan.jobs.find((j) => j.url.startsWith('/images/tags/') && j.kind === 'logo');
    expect([tagLogo?.width, tagLogo?.height]).toEqual([512, 512]);
  });

  it('gives two titles different dominant colours', async () => {
    const dominant = async (id: string) =>
      (await sharp(join(out, 'assets', id, 'cover.png')).stats()).dominant;
    const [a, b] = await Promise.all([dominant(ids[0] ?? ''), dominant(ids[1] ?? '')]);
    expect(a).not.toEqual(b);
  });

  it('writes nothing on a second run', async () => {
    const before = await stat(join(out, 'assets', ids[0] ?? '', 'poster.png'));
    const result = await generateDemoImages({ catalogue, outDir: out });
    expect(result).toEqual({ written: 0, skipped: plan.jobs.length });
    expect((await stat(join(out, 'assets', ids[0] ?? '', 'poster.png'))).mtimeMs).toBe(before.mtimeMs);
  });

  it('rewrites only the images of a retitled asset', async () => {
    const changed = subset();
    const asset = changed.assets?.[1];
    const fr = asset?.localized.find((l) => l.locale === 'fr');
    if (asset === undefined || fr === undefined) throw new Error('no asset');
    fr.title = 'Un tout autre titre';
    const manifest = async () =>
      (JSON.parse(await readFile(join(out, MANIFEST_FILE), 'utf8')) as { files: Record<string, string> })
        .files;
    const old = await manifest();
    const result = await generateDemoImages({ catalogue: changed, outDir: out });
    // The background carries no title: it stays as it was.
    expect(result).toEqual({ written: 4, skipped: plan.jobs.length - 4 });
    const now = await manifest();
    const rewritten = Object.keys(now).filter((url) => now[url] !== old[url]);
    expect(rewritten.sort()).toEqual(
      ['cover', 'logo', 'poster', 'thumbnail'].map((n) => `/images/assets/${asset.assetId}/${n}.png`),
    );
  });

  it('redraws the images a previous generator left in the cache', async () => {
    // The first generator hashed its inputs (renderer version, rule, title, badge, seed), not the
    // drawing: a cache it filled holds its hashes, and its backgrounds with the title painted in.
    const firstGeneratorHash = (job: ImageJob) =>
      createHash('sha256')
        .update(
          JSON.stringify([
            1,
            job.kind,
            job.width,
            job.height,
            job.transparent,
            job.title,
            job.badge ?? '',
            job.seed,
          ]),
        )
        .digest('hex')
        .slice(0, 16);
    const current = planImages(subset());
    const files = Object.fromEntries(current.jobs.map((job) => [job.url, firstGeneratorHash(job)]));
    await writeFile(join(out, MANIFEST_FILE), JSON.stringify({ version: 1, files }));
    const result = await generateDemoImages({ catalogue: subset(), outDir: out });
    expect(result).toEqual({ written: current.jobs.length, skipped: 0 });
  });

  it('leaves no temporary file', async () => {
    const files = await allFiles(out);
    expect(files.filter((f) => f.includes('.tmp-'))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.png'))).toHaveLength(plan.jobs.length);
  });
});

describe('the whole demo catalogue', () => {
  const doc = demoCatalogue();
  const urls = collectImageUrls(doc);
  const plan = planImages(doc);

  it('has a rule and a catalogue title for every referenced image', () => {
    expect(urls.length).toBeGreaterThan(1000);
    expect(plan.unmatched).toEqual([]);
    expect(plan.jobs.map((j) => j.url)).toEqual(urls);
    expect(plan.jobs.filter((j) => j.source === 'path').map((j) => j.url)).toEqual([]);
    expect(new Set(plan.jobs.map((j) => j.file)).size).toBe(urls.length);
  });

  it('renders the aspect ratios the catalogue declares', () => {
    const jobs = new Map(plan.jobs.map((j) => [j.url, j]));
    const declared: { url: string; width: number; height: number }[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node !== null && typeof node === 'object') {
        const r = node as Record<string, unknown>;
        if (
          typeof r['url'] === 'string' &&
          typeof r['width'] === 'number' &&
          typeof r['height'] === 'number'
        ) {
          declared.push({ url: r['url'], width: r['width'], height: r['height'] });
        }
        Object.values(r).forEach(walk);
      }
    };
    walk(doc);
    expect(declared.length).toBeGreaterThan(1000);
    const wrong = declared.filter(({ url, width, height }) => {
      const job = jobs.get(url);
      return job === undefined || Math.abs(job.width / job.height - width / height) > 0.01;
    });
    expect(wrong).toEqual([]);
  });
});

describe('titles', () => {
  it('escapes XML and fits long titles on at most three lines', () => {
    expect(escapeXml(`L'Été <"&">`)).toBe('L&apos;Été &lt;&quot;&amp;&quot;&gt;');
    const layout = fitTitle("Bande-annonce : Le Dernier Été de l'Empire", {
      width: 500,
      height: 200,
      maxFont: 80,
    });
    expect(layout.lines.length).toBeGreaterThan(1);
    expect(layout.lines.length).toBeLessThanOrEqual(3);
    expect(layout.lines.some((l) => l.startsWith(':'))).toBe(false);
    expect(layout.fontSize).toBeLessThanOrEqual(80);
  });
});

describe('which images carry the title', () => {
  const doc = demoCatalogue();
  const plan = planImages(doc);
  const film = (doc.assets ?? []).find((a) => a.type === 'MOVIE' && a.localized[0]?.title.includes(' '));
  if (film === undefined) throw new Error('no film with a title of several words');
  const title = film.localized.find((l) => l.locale === 'fr')?.title ?? '';
  const job = (kind: ImageKind) => {
    const found = plan.jobs.find((j) => j.url === `/images/assets/${film.assetId}/${kind}.png`);
    if (found === undefined) throw new Error(`no ${kind} of ${film.assetId}`);
    return found;
  };
  /** The words drawn in the SVG's text elements. */
  const drawnWords = (svg: string) =>
    [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)]
      .flatMap((m) => (m[1] ?? '').split(/[\s\u00a0]+/))
      .filter(Boolean);

  it.each(['poster', 'cover', 'thumbnail', 'logo'] as const)(
    'the %s has the title painted in, as box art has',
    (kind) => {
      expect(job(kind).titled).toBe(true);
      expect(drawnWords(job(kind).svg).join(' ')).toContain(escapeXml(title).split(' ').at(-1));
    },
  );

  it('a background (hero, details page) has no text at all, whatever the title', () => {
    const backgrounds = plan.jobs.filter((j) => j.kind === 'background');
    expect(backgrounds.length).toBeGreaterThan(200);
    for (const background of backgrounds) {
      expect(background.titled).toBe(false);
      expect(background.svg).not.toContain('<text');
    }
    // The non-asset hero items use backgrounds too: no cover with a painted title behind the hero's text.
    const heroImages = plan.jobs.filter(
      (j) =>
        j.url.startsWith('/images/tags/category-jeunesse/') ||
        j.url.startsWith('/images/structure/festival/'),
    );
    expect(heroImages.map((j) => j.kind)).toContain('background');
  });

  it('a background holds its subject in the part a right-aligned 16:9 crop keeps', async () => {
    const background = job('background');
    const png = await sharp(Buffer.from(background.svg)).removeAlpha().png().toBuffer();
    const { width, height } = background;
    const kept = Math.round((height * 16) / 9);
    const mean = async (left: number, cropWidth: number) => {
      // stats() reads its input: extract to a buffer first.
      const crop = await sharp(png)
        .extract({ left, top: 0, width: cropWidth, height })
        .greyscale()
        .png()
        .toBuffer();
      const stats = await sharp(crop).stats();
      return stats.channels[0]?.mean ?? 0;
    };
    // The right-aligned crop of a 16:9 box starts at width - kept; the subject sits inside it.
    expect(FOCAL_POINT.x * width).toBeGreaterThan(width - kept + height * 0.35);
    expect(await mean(width - kept, kept)).toBeGreaterThan((await mean(0, width - kept)) + 20);
  });
});
