import { ApiError } from '../../../lib/errors.js';
import { ASSET_TYPES } from '@antenne/contract';

/**
 * The parsed form of an asset-list `query` (the subset of Elasticsearch's query-string syntax
 * described in README.md). `and`/`or` always have two or more children (nested ones of the same
 * kind are flattened); `term.field` is canonical (`assetType` → `type`, `tagIds` → `tags.tagId`)
 * and `term.value` is the unescaped value (upper-cased for `type`).
 */
export type QueryNode =
  | { kind: 'and'; children: QueryNode[] }
  | { kind: 'or'; children: QueryNode[] }
  | { kind: 'not'; child: QueryNode }
  | { kind: 'term'; field: string; value: string };

export const MAX_QUERY_LENGTH = 2000;
export const MAX_QUERY_DEPTH = 32;

export { ASSET_TYPES };
const ASSET_TYPE_SET: ReadonlySet<string> = new Set(ASSET_TYPES);

/** Fields taken as they are. */
const PLAIN_FIELDS: ReadonlySet<string> = new Set([
  'assetId',
  'type',
  'tags.tagId',
  'participants.name',
  'productionYear',
  'productionCountries',
  'tvShowId',
  'seasonId',
  'season',
  'episode',
  'medias.format',
  'medias.drm',
]);
const FIELD_ALIASES: Record<string, string> = { assetType: 'type', tagIds: 'tags.tagId' };
const TAG_SCHEME_FIELD = /^tags\.[A-Za-z0-9_-]+$/;
/** A BCP 47-ish tag as used in `localized[].locale` (`fr`, `en-us`, `pt_BR`, `zh-Hant-TW`). */
export const LOCALE_PATTERN = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$/;
const TITLE_FIELD = /^localized\.([^.]+)\.title$/;

const badRequest = (message: string) => new ApiError(400, 'BAD_REQUEST', `query: ${message}`);
const quote = (s: string) => JSON.stringify(s);

type Token =
  | { t: 'lparen'; raw: string }
  | { t: 'rparen'; raw: string }
  | { t: 'and'; raw: string }
  | { t: 'or'; raw: string }
  | { t: 'not'; raw: string }
  /** `name:` — the value (a word, a quoted string or a group) follows. */
  | { t: 'field'; name: string; raw: string }
  | { t: 'value'; value: string; quoted: boolean; raw: string };

const isSpace = (c: string) =>
  c === ' ' ||
  c === '\t' ||
  c === '\n' ||
  c === '\r' ||
  c === '\f' ||
  c === '\v' ||
  c === '\u00a0' ||
  c === '\u3000';
/** Characters that end an unquoted word. */
const isDelimiter = (text: string, i: number) => {
  const c = text[i]!;
  if (isSpace(c) || c === '(' || c === ')' || c === '"') return true;
  return (c === '&' && text[i + 1] === '&') || (c === '|' && text[i + 1] === '|');
};

/** Rejects the query-string features outside the subset, naming the offending word. */
function checkUnsupported(char: string, word: string): void {
  switch (char) {
    case '*':
    case '?':
      throw badRequest(`wildcards are not supported in ${quote(word)}`);
    case '[':
    case ']':
    case '{':
    case '}':
    case '<':
    case '>':
      throw badRequest(`ranges are not supported in ${quote(word)}`);
    case '~':
      throw badRequest(`fuzzy and proximity searches are not supported in ${quote(word)}`);
    case '^':
      throw badRequest(`boosts are not supported in ${quote(word)}`);
    case '/':
      throw badRequest(`regular expressions are not supported in ${quote(word)}`);
  }
}

function lex(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c === '(') {
      tokens.push({ t: 'lparen', raw: '(' });
      i++;
      continue;
    }
    if (c === ')') {
      tokens.push({ t: 'rparen', raw: ')' });
      i++;
      continue;
    }
    if (c === '&' && text[i + 1] === '&') {
      tokens.push({ t: 'and', raw: '&&' });
      i += 2;
      continue;
    }
    if (c === '|' && text[i + 1] === '|') {
      tokens.push({ t: 'or', raw: '||' });
      i += 2;
      continue;
    }
    if (c === '!' || c === '-') {
      // Prefix NOT (`!x`, `-x`), only at the start of a term; `-` inside a word is a letter.
      tokens.push({ t: 'not', raw: c });
      i++;
      continue;
    }
    if (c === '+') {
      // `+term` ("must") is what the implicit AND already means.
      i++;
      continue;
    }
    if (c === '"') {
      const start = i;
      let value = '';
      i++;
      let closed = false;
      while (i < n) {
        const q = text[i]!;
        if (q === '\\') {
          if (i + 1 >= n) break;
          value += text[i + 1];
          i += 2;
          continue;
        }
        if (q === '"') {
          closed = true;
          i++;
          break;
        }
        value += q;
        i++;
      }
      if (!closed) throw badRequest(`unbalanced quote in ${quote(text.slice(start))}`);
      const raw = text.slice(start, i);
      if (i < n && !isDelimiter(text, i)) {
        const tail = text[i]!;
        checkUnsupported(tail, raw + tail);
        throw badRequest(`unexpected ${quote(tail)} after ${quote(raw)}`);
      }
      tokens.push({ t: 'value', value, quoted: true, raw });
      continue;
    }
    // An unquoted word, possibly `field:value` or `field:` before a quote or a group.
    const start = i;
    let word = '';
    let colonAt = -1;
    while (i < n && !isDelimiter(text, i)) {
      const w = text[i]!;
      if (w === '\\') {
        if (i + 1 >= n) throw badRequest(`dangling escape "\\" at the end of ${quote(text.slice(start))}`);
        word += text[i + 1];
        i += 2;
        continue;
      }
      if (w === ':' && colonAt < 0) {
        colonAt = word.length;
        word += w;
        i++;
        continue;
      }
      word += w;
      i++;
    }
    const raw = text.slice(start, i);
    // Operators are recognised only unescaped and upper-case, as in Elasticsearch.
    if (raw === 'AND' || raw === 'OR' || raw === 'NOT') {
      tokens.push({ t: raw === 'AND' ? 'and' : raw === 'OR' ? 'or' : 'not', raw });
      continue;
    }
    // Reserved characters, unless escaped: look at the raw text for them.
    for (let k = 0; k < raw.length; k++) {
      const r = raw[k]!;
      if (r === '\\') {
        k++;
        continue;
      }
      checkUnsupported(r, raw);
    }
    if (colonAt < 0) {
      tokens.push({ t: 'value', value: word, quoted: false, raw });
      continue;
    }
    const name = word.slice(0, colonAt);
    const value = word.slice(colonAt + 1);
    if (name === '') throw badRequest(`missing field name in ${quote(raw)}`);
    tokens.push({ t: 'field', name, raw: raw.slice(0, raw.indexOf(':') + 1) });
    if (value !== '') tokens.push({ t: 'value', value, quoted: false, raw: raw.slice(raw.indexOf(':') + 1) });
  }
  return tokens;
}

/** The canonical field for a field name as written, or undefined when it is not queryable. */
function canonicalField(name: string): string | undefined {
  if (PLAIN_FIELDS.has(name)) return name;
  const alias = FIELD_ALIASES[name];
  if (alias) return alias;
  if (TAG_SCHEME_FIELD.test(name)) return name;
  const title = TITLE_FIELD.exec(name);
  if (title && LOCALE_PATTERN.test(title[1]!)) return name;
  return undefined;
}

function makeTerm(field: string, value: string, raw: string): QueryNode {
  if (value.trim() === '') throw badRequest(`empty value in ${quote(raw)}`);
  if (field === 'type') {
    const upper = value.trim().toUpperCase();
    if (!ASSET_TYPE_SET.has(upper))
      throw badRequest(
        `unknown asset type ${quote(value)} in ${quote(raw)} (expected one of ${ASSET_TYPES.join(', ')})`,
      );
    return { kind: 'term', field, value: upper };
  }
  if (field === 'productionYear' && !/^\s*\d{1,4}\s*$/.test(value)) {
    throw badRequest(`productionYear must be a year, got ${quote(value)} in ${quote(raw)}`);
  }
  return { kind: 'term', field, value };
}

class Parser {
  private pos = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): QueryNode {
    const node = this.parseOr(undefined);
    const next = this.tokens[this.pos];
    if (next) {
      if (next.t === 'rparen') throw badRequest('unbalanced parentheses: unexpected ")"');
      throw badRequest(`unexpected ${quote(next.raw)}`);
    }
    return node;
  }

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  private enter(): void {
    if (++this.depth > MAX_QUERY_DEPTH)
      throw badRequest(`nested too deeply (at most ${MAX_QUERY_DEPTH} levels)`);
  }

  private parseOr(field: string | undefined): QueryNode {
    const children = [this.parseAnd(field)];
    for (let t = this.peek(); t?.t === 'or'; t = this.peek()) {
      this.pos++;
      this.expectOperand(t.raw);
      children.push(this.parseAnd(field));
    }
    return combine('or', children);
  }

  private parseAnd(field: string | undefined): QueryNode {
    const children = [this.parseUnary(field)];
    for (;;) {
      const t = this.peek();
      if (!t || t.t === 'or' || t.t === 'rparen') break;
      // Adjacent terms without an operator: implicit AND (Elasticsearch's default_operator is
      // OR, but every client query we know of reads as a conjunction; see README.md).
      if (t.t === 'and') {
        this.pos++;
        this.expectOperand(t.raw);
      }
      children.push(this.parseUnary(field));
    }
    return combine('and', children);
  }

  /** After a binary operator: something must follow, and not another binary operator. */
  private expectOperand(operator: string): void {
    const next = this.peek();
    if (!next) throw badRequest(`dangling operator ${quote(operator)} at the end`);
    if (next.t === 'and' || next.t === 'or')
      throw badRequest(`operator ${quote(next.raw)} follows ${quote(operator)}`);
    if (next.t === 'rparen') throw badRequest(`dangling operator ${quote(operator)} before ")"`);
  }

  private parseUnary(field: string | undefined): QueryNode {
    const t = this.peek();
    if (t?.t === 'not') {
      this.pos++;
      const next = this.peek();
      if (!next) throw badRequest(`dangling operator ${quote(t.raw)} at the end`);
      if (next.t === 'and' || next.t === 'or' || next.t === 'rparen')
        throw badRequest(`operator ${quote(t.raw)} is not followed by a term`);
      this.enter();
      const child = this.parseUnary(field);
      this.depth--;
      return { kind: 'not', child };
    }
    return this.parsePrimary(field);
  }

  private parsePrimary(field: string | undefined): QueryNode {
    const t = this.peek();
    if (!t) throw badRequest('unexpected end of query');
    this.pos++;
    switch (t.t) {
      case 'lparen':
        return this.parseGroup(field);
      case 'rparen':
        throw badRequest('unbalanced parentheses: unexpected ")"');
      case 'and':
      case 'or':
        throw badRequest(`operator ${quote(t.raw)} has no term on its left`);
      case 'not':
        throw badRequest(`unexpected ${quote(t.raw)}`); // unreachable: parseUnary takes it
      case 'value': {
        if (field !== undefined) return makeTerm(field, t.value, t.raw);
        if (!t.quoted && (t.value === 'and' || t.value === 'or' || t.value === 'not')) {
          throw badRequest(`term ${quote(t.raw)} has no field (operators are upper-case: AND, OR, NOT)`);
        }
        throw badRequest(`term ${quote(t.raw)} has no field (write field:value)`);
      }
      case 'field': {
        if (field !== undefined)
          throw badRequest(`field ${quote(t.raw)} inside the group of field ${quote(field)}`);
        const canonical = canonicalField(t.name);
        const value = this.peek();
        const shown = value?.t === 'value' ? t.raw + value.raw : t.raw;
        if (canonical === undefined) throw badRequest(`unknown field ${quote(t.name)} in ${quote(shown)}`);
        if (value?.t === 'value') {
          this.pos++;
          return makeTerm(canonical, value.value, shown);
        }
        if (value?.t === 'lparen') {
          this.pos++;
          return this.parseGroup(canonical);
        }
        throw badRequest(`missing value after ${quote(t.raw)}`);
      }
    }
  }

  /** After `(`: an expression then `)`. */
  private parseGroup(field: string | undefined): QueryNode {
    if (this.peek()?.t === 'rparen') throw badRequest('empty parentheses "()"');
    if (!this.peek()) throw badRequest('unbalanced parentheses: missing ")"');
    this.enter();
    const node = this.parseOr(field);
    this.depth--;
    const close = this.peek();
    if (close?.t !== 'rparen')
      throw badRequest(close ? `unexpected ${quote(close.raw)}` : 'unbalanced parentheses: missing ")"');
    this.pos++;
    return node;
  }
}

function combine(kind: 'and' | 'or', parts: QueryNode[]): QueryNode {
  if (parts.length === 1) return parts[0]!;
  const children: QueryNode[] = [];
  for (const p of parts) {
    if (p.kind === kind) children.push(...p.children);
    else children.push(p);
  }
  return { kind, children };
}

/**
 * Parses an asset-list `query` (Elasticsearch query-string subset, see README.md).
 * Throws `ApiError(400, 'BAD_REQUEST', 'query: …')` naming the offending part.
 */
export function parseAssetQuery(text: string): QueryNode {
  if (text.length > MAX_QUERY_LENGTH)
    throw badRequest(`too long (${text.length} characters, at most ${MAX_QUERY_LENGTH})`);
  if (text.trim() === '') throw badRequest('empty query');
  const tokens = lex(text);
  if (tokens.length === 0) throw badRequest(`no term in ${quote(text)}`);
  return new Parser(tokens).parse();
}
