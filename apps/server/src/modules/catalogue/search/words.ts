import { tokenize } from './normalize.js';

/**
 * The search's words: what a query's words are (the last one a prefix), how a vocabulary word
 * matches one (exactly, as a prefix, within one edit) and the typo candidates of a word.
 */

/** Below this many characters the search routes answer 400 (the route checks, not the index). */
export const MIN_SEARCH_LENGTH = 2;
/** Words of this many letters or more tolerate one typo (Damerau-Levenshtein distance 1). */
export const TYPO_MIN_LENGTH = 5;
/** Query words beyond this many are ignored. */
export const MAX_QUERY_WORDS = 32;

/** How a vocabulary word matches a query word (smaller is better). */
export const Kind = { Exact: 0, Prefix: 1, Typo: 2 } as const;
export type Kind = (typeof Kind)[keyof typeof Kind];
export const NONE = 255;

export interface QueryWord {
  word: string;
  /** Prefix matching allowed (the last word). */
  prefix: boolean;
}

/** A query's words: normalised, at most MAX_QUERY_WORDS, the last one a prefix. */
export function queryWords(text: string): QueryWord[] {
  const tokens = tokenize(text).slice(0, MAX_QUERY_WORDS);
  return tokens.map((word, i) => ({ word, prefix: i === tokens.length - 1 }));
}

/** Optimal string alignment distance is at most 1 (one insertion, deletion, substitution or swap). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // substitution
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // transposition
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

export function tokenMatches(token: string, w: QueryWord): boolean {
  if (token === w.word) return true;
  if (w.prefix && token.startsWith(w.word)) return true;
  return w.word.length >= TYPO_MIN_LENGTH && withinOneEdit(token, w.word);
}

/**
 * Every string one deletion, transposition, substitution or insertion away from `word`, over the
 * index's letters of the word's script (`alphabet`: by 128-code-point block).
 */
export function oneEditVariants(word: string, alphabet: Map<number, string[]>): Set<string> {
  const chars = [...word];
  const letters = new Set<string>();
  for (const c of chars) for (const l of alphabet.get(c.codePointAt(0)! >> 7) ?? []) letters.add(l);
  const out = new Set<string>();
  const n = chars.length;
  for (let i = 0; i < n; i++) {
    const head = chars.slice(0, i).join('');
    const tail = chars.slice(i + 1).join('');
    out.add(head + tail);
    if (i + 1 < n) out.add(head + chars[i + 1] + chars[i] + chars.slice(i + 2).join(''));
    for (const l of letters) if (l !== chars[i]) out.add(head + l + tail);
  }
  for (let i = 0; i <= n; i++) {
    const head = chars.slice(0, i).join('');
    const tail = chars.slice(i).join('');
    for (const l of letters) out.add(head + l + tail);
  }
  out.delete(word);
  return out;
}
