import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * The app's pages compressed once and kept with them (docs/adr/0030): the rendered pages are
 * cached per page version, so the costly best brotli is paid once per version instead of a fast
 * one on every answer; and the not-found handler that serves most pages is not hooked by
 * @fastify/compress (it compresses routes' answers only), so pages are compressed here.
 */

export type PageEncoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const brotliAt = (bytes: Buffer, quality: number) =>
  brotli(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });

/** Brotli's best (~1 s for the guide's 370 KB on this machine; 27 KB against 31 KB at quality 5). */
const BEST_BROTLI = 11;
/** What the first visitors of a page version get while the best is computed (tens of ms). */
const FAST_BROTLI = 5;
/**
 * The best brotli is computed for a page asked this many times: most of a large catalogue's pages
 * (a title's details, asked once in a while) would otherwise each cost the server 50–100 ms of CPU
 * in the background, beside the renders, to save a few KB once.
 */
export const BEST_BROTLI_AFTER_ASKS = 2;

/**
 * The best brotli runs one at a time, in the background (the thread pool is shared with file
 * reads, and a burst of new page versions must not take it over).
 */
let bestQueue: Promise<unknown> = Promise.resolve();

/** A page's bytes and its compressed variants, each computed once, when first asked for. */
export class EncodedBody {
  readonly identity: Buffer;
  private gzipped: Promise<Buffer> | undefined;
  private gzipSize = 0;
  private fastBrotli: Promise<Buffer> | undefined;
  private bestBrotli: Buffer | undefined;
  private best: Promise<void> | undefined;
  private brotliAsks = 0;

  constructor(html: string) {
    this.identity = Buffer.from(html, 'utf8');
  }

  /**
   * The bytes in this encoding. Brotli: the best once it is ready; until then a fast one, the best
   * being computed meanwhile. The variants of one page are the same HTML: they share its weak ETag.
   */
  async bytes(encoding: PageEncoding): Promise<Buffer> {
    if (encoding === 'identity') return this.identity;
    if (encoding === 'gzip')
      return (this.gzipped ??= gzip(this.identity, { level: 9 }).then((bytes) => {
        this.gzipSize = bytes.length;
        return bytes;
      }));
    if (this.bestBrotli !== undefined) return this.bestBrotli;
    if (++this.brotliAsks >= BEST_BROTLI_AFTER_ASKS) this.startBest();
    return (this.fastBrotli ??= brotliAt(this.identity, FAST_BROTLI));
  }

  /** Computes the compressed variants ahead of the first visitor who asks (index.html at start). */
  prepare(): void {
    this.bytes('gzip').catch(() => undefined); // a failure reaches whoever asks for gzip
    this.startBest();
  }

  /** The bytes held: what the page cache counts against its limit. */
  get size(): number {
    return this.identity.length + this.gzipSize + (this.bestBrotli?.length ?? 0);
  }

  /** The best brotli under way or done (undefined: not started), settled once it is in place. */
  get bestBrotliDone(): Promise<void> | undefined {
    return this.best;
  }

  private startBest(): void {
    if (this.best !== undefined) return;
    const best = bestQueue.then(() => brotliAt(this.identity, BEST_BROTLI));
    bestQueue = best.catch(() => undefined);
    this.best = best.then(
      (bytes) => {
        this.bestBrotli = bytes;
        this.fastBrotli = undefined;
      },
      () => undefined, // the fast one stays
    );
  }
}

/**
 * The encoding to answer with (RFC 9110 §12.5.3): the acceptable one of highest weight, brotli
 * before gzip before none at equal weight. A coding given `q=0`, or left out when `*;q=0` is, is
 * never sent; none is sent when nothing else is acceptable (the RFC's advice, rather than a 406).
 * Written here rather than taken from @fastify/accept-negotiator, which answers `br` to
 * `br;q=0, *` and ignores upper-case coding names.
 */
export function negotiateEncoding(header: string | undefined): PageEncoding {
  if (header === undefined) return 'identity';
  const weights = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (name === '') continue;
    const q = params.find((param) => /^q\s*=/.test(param));
    const weight = q === undefined ? 1 : Number(q.replace(/^q\s*=\s*/, ''));
    if (!Number.isFinite(weight) || weight < 0 || weight > 1) continue;
    const coding = name === 'x-gzip' ? 'gzip' : name;
    weights.set(coding, Math.max(weight, weights.get(coding) ?? 0));
  }
  const any = weights.get('*');
  const weightOf = (coding: PageEncoding) =>
    weights.get(coding) ?? (coding === 'identity' ? (any === 0 ? 0 : 1) : (any ?? 0));
  const candidates: PageEncoding[] = ['br', 'gzip', 'identity'];
  let chosen: PageEncoding = 'identity';
  let chosenWeight = 0;
  for (const coding of candidates) {
    const weight = weightOf(coding);
    if (weight > chosenWeight) {
      chosen = coding;
      chosenWeight = weight;
    }
  }
  return chosen;
}
