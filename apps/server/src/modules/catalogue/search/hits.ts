import { tokenize } from './normalize.js';
import { tokenMatches, type QueryWord } from './words.js';

/** A search result and its highlighted strings, computed on first read; its readable score. */

/**
 * One search result. `score` is higher for better hits and only meaningful for ordering within one
 * answer. The highlighted strings are the displayed (requested locale, else fr, else any) title and
 * description, HTML-escaped, the matched words wrapped in `<em>…</em>`; they are computed on first
 * read (prototype getters, and `toJSON` for serialisation): read the properties, don't spread.
 */
export interface SearchHit {
  assetId: string;
  score: number;
  highlightedTitle: string;
  highlightedDescription: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
const WORD_RUN = /[\p{L}\p{N}\p{M}\u0640]+/gu;

/** Escapes `text` and wraps the words matching a query word in `<em>…</em>`. */
function highlight(text: string, words: QueryWord[]): string {
  if (text === '') return '';
  let out = '';
  let last = 0;
  for (const m of text.matchAll(WORD_RUN)) {
    const run = m[0];
    const at = m.index;
    const tokens = tokenize(run);
    const hit = tokens.some((t) => words.some((w) => tokenMatches(t, w)));
    if (!hit) continue;
    out += escapeHtml(text.slice(last, at)) + '<em>' + escapeHtml(run) + '</em>';
    last = at + run.length;
  }
  return out + escapeHtml(text.slice(last));
}

export class Hit implements SearchHit {
  readonly assetId: string;
  readonly score: number;
  readonly #title: string;
  readonly #description: string;
  readonly #words: QueryWord[];
  #highlightedTitle?: string;
  #highlightedDescription?: string;

  constructor(assetId: string, score: number, title: string, description: string, words: QueryWord[]) {
    this.assetId = assetId;
    this.score = score;
    this.#title = title;
    this.#description = description;
    this.#words = words;
  }

  get highlightedTitle(): string {
    return (this.#highlightedTitle ??= highlight(this.#title, this.#words));
  }

  get highlightedDescription(): string {
    return (this.#highlightedDescription ??= highlight(this.#description, this.#words));
  }

  toJSON(): SearchHit {
    return {
      assetId: this.assetId,
      score: this.score,
      highlightedTitle: this.highlightedTitle,
      highlightedDescription: this.highlightedDescription,
    };
  }
}

/** A readable score from the packed relevance (higher is better). */
export function scoreOf(relevance: number, words: number): number {
  const displayed = relevance % 2;
  let r = Math.floor(relevance / 2);
  const prefixes = r % 16;
  r = Math.floor(r / 16);
  const inTitle = 15 - (r % 16);
  r = Math.floor(r / 16);
  const typos = r % 16;
  const descriptionOnly = Math.floor(r / 16);
  return (
    (1 - descriptionOnly) * 10_000 +
    (words - typos) * 1_000 +
    inTitle * 100 +
    (words - prefixes) * 10 +
    (1 - displayed)
  );
}
