import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../src/lib/errors.js';
import { parseAssetQuery, type QueryNode } from '../../../src/modules/catalogue/query/index.js';

const term = (field: string, value: string): QueryNode => ({ kind: 'term', field, value });
const and = (...children: QueryNode[]): QueryNode => ({ kind: 'and', children });
const or = (...children: QueryNode[]): QueryNode => ({ kind: 'or', children });
const not = (child: QueryNode): QueryNode => ({ kind: 'not', child });
/** Parts are quoted JSON-style in messages (quotes and backslashes escaped). */
const q = (s: string) => JSON.stringify(s);

/** The ApiError thrown by parsing `text`. */
function rejection(text: string): ApiError {
  try {
    parseAssetQuery(text);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be rejected`);
}

describe('parseAssetQuery: accepted syntax', () => {
  test("the spec's recommendation query", () => {
    expect(
      parseAssetQuery('tags.subcategory:polar AND (type:MOVIE OR type:TV_SHOW) AND NOT assetId:abc'),
    ).toEqual(
      and(
        term('tags.subcategory', 'polar'),
        or(term('type', 'MOVIE'), term('type', 'TV_SHOW')),
        not(term('assetId', 'abc')),
      ),
    );
  });

  test("the spec's youth recommendation query (category filter added)", () => {
    expect(
      parseAssetQuery(
        'tags.category:jeunesse AND tags.keyword:dessin-anime AND (type:MOVIE OR type:TV_SHOW) AND NOT assetId:a1',
      ),
    ).toEqual(
      and(
        term('tags.category', 'jeunesse'),
        term('tags.keyword', 'dessin-anime'),
        or(term('type', 'MOVIE'), term('type', 'TV_SHOW')),
        not(term('assetId', 'a1')),
      ),
    );
  });

  test.each<[string, QueryNode]>([
    ['assetId:abc', term('assetId', 'abc')],
    ['type:movie', term('type', 'MOVIE')],
    ['assetType:TV_SHOW', term('type', 'TV_SHOW')],
    ['tagIds:action', term('tags.tagId', 'action')],
    ['tags.tagId:category:cinema', term('tags.tagId', 'category:cinema')],
    ['tags.tagId:category\\:cinema', term('tags.tagId', 'category:cinema')],
    ['tags.genre_2:drama', term('tags.genre_2', 'drama')],
    ['tags.sub-category:polar', term('tags.sub-category', 'polar')],
    ['participants.name:"Agnès Varda"', term('participants.name', 'Agnès Varda')],
    ['participants.name:"Say \\"hi\\" \\\\ bye"', term('participants.name', 'Say "hi" \\ bye')],
    ['localized.fr.title:armageddon', term('localized.fr.title', 'armageddon')],
    ['localized.en-us.title:"été indien"', term('localized.en-us.title', 'été indien')],
    ['localized.pt_BR.title:x', term('localized.pt_BR.title', 'x')],
    ['productionYear:1999', term('productionYear', '1999')],
    ['productionCountries:FR', term('productionCountries', 'FR')],
    ['tvShowId:show-1', term('tvShowId', 'show-1')],
    ['seasonId:s1', term('seasonId', 's1')],
    ['season:2', term('season', '2')],
    ['episode:10', term('episode', '10')],
    ['medias.format:HLS', term('medias.format', 'HLS')],
    [
      'medias.drm:FAIRPLAY AND medias.format:HLS',
      and(term('medias.drm', 'FAIRPLAY'), term('medias.format', 'HLS')),
    ],
    ['assetId:a-b_c.d', term('assetId', 'a-b_c.d')],
    ['  assetId:x  ', term('assetId', 'x')],
    ['assetId:"with space"', term('assetId', 'with space')],
    ['assetId:"(not a group) AND not an operator"', term('assetId', '(not a group) AND not an operator')],
    ['assetId:"quoted*?~^/[]"', term('assetId', 'quoted*?~^/[]')],
    ['assetId:escaped\\*star', term('assetId', 'escaped*star')],
    ['assetId:é', term('assetId', 'é')],
  ])('%s', (text, expected) => {
    expect(parseAssetQuery(text)).toEqual(expected);
  });

  test('operators: AND, OR, NOT, &&, ||, ! and a leading -', () => {
    const expected = or(and(term('assetId', 'a'), not(term('assetId', 'b'))), term('assetId', 'c'));
    for (const text of [
      'assetId:a AND NOT assetId:b OR assetId:c',
      'assetId:a && !assetId:b || assetId:c',
      'assetId:a&&!assetId:b||assetId:c',
      'assetId:a AND -assetId:b OR assetId:c',
      'assetId:a -assetId:b OR assetId:c',
      '(assetId:a AND NOT assetId:b) OR assetId:c',
    ]) {
      expect(parseAssetQuery(text), text).toEqual(expected);
    }
  });

  test('implicit operator between adjacent terms is AND', () => {
    expect(parseAssetQuery('type:MOVIE tags.genre:drama')).toEqual(
      and(term('type', 'MOVIE'), term('tags.genre', 'drama')),
    );
    expect(parseAssetQuery('type:MOVIE tags.genre:drama OR type:CLIP')).toEqual(
      or(and(term('type', 'MOVIE'), term('tags.genre', 'drama')), term('type', 'CLIP')),
    );
    expect(parseAssetQuery('+type:MOVIE +tags.genre:drama')).toEqual(
      and(term('type', 'MOVIE'), term('tags.genre', 'drama')),
    );
  });

  test('precedence NOT > AND > OR', () => {
    expect(parseAssetQuery('assetId:a OR assetId:b AND assetId:c')).toEqual(
      or(term('assetId', 'a'), and(term('assetId', 'b'), term('assetId', 'c'))),
    );
    expect(parseAssetQuery('NOT assetId:a AND assetId:b')).toEqual(
      and(not(term('assetId', 'a')), term('assetId', 'b')),
    );
    expect(parseAssetQuery('NOT assetId:a OR assetId:b')).toEqual(
      or(not(term('assetId', 'a')), term('assetId', 'b')),
    );
    expect(parseAssetQuery('NOT (assetId:a OR assetId:b)')).toEqual(
      not(or(term('assetId', 'a'), term('assetId', 'b'))),
    );
    expect(parseAssetQuery('NOT NOT assetId:a')).toEqual(not(not(term('assetId', 'a'))));
  });

  test('parentheses group and nested same-kind groups flatten', () => {
    expect(parseAssetQuery('(assetId:a OR (assetId:b OR assetId:c)) AND ((type:MOVIE))')).toEqual(
      and(or(term('assetId', 'a'), term('assetId', 'b'), term('assetId', 'c')), term('type', 'MOVIE')),
    );
  });

  test('field groups apply the field to every value inside', () => {
    expect(parseAssetQuery('type:(MOVIE OR TV_SHOW)')).toEqual(
      or(term('type', 'MOVIE'), term('type', 'TV_SHOW')),
    );
    expect(parseAssetQuery('assetId:(a b)')).toEqual(and(term('assetId', 'a'), term('assetId', 'b')));
    expect(
      parseAssetQuery('participants.name:("Jean Dujardin" OR "Omar Sy") AND NOT type:(CLIP || AD)'),
    ).toEqual(
      and(
        or(term('participants.name', 'Jean Dujardin'), term('participants.name', 'Omar Sy')),
        not(or(term('type', 'CLIP'), term('type', 'AD'))),
      ),
    );
    expect(parseAssetQuery('assetId:(a OR (b AND NOT c))')).toEqual(
      or(term('assetId', 'a'), and(term('assetId', 'b'), not(term('assetId', 'c')))),
    );
  });

  test('a - inside a word is a letter, not NOT', () => {
    expect(parseAssetQuery('tags.genre:sci-fi')).toEqual(term('tags.genre', 'sci-fi'));
  });

  test('depth up to the limit is fine', () => {
    const deep = `${'('.repeat(31)}assetId:a${')'.repeat(31)}`;
    expect(parseAssetQuery(deep)).toEqual(term('assetId', 'a'));
    const longOr = Array.from({ length: 120 }, (_, i) => `assetId:a${i}`).join(' OR ');
    const parsed = parseAssetQuery(longOr);
    expect(parsed.kind === 'or' && parsed.children.length).toBe(120);
  });
});

describe('parseAssetQuery: rejections answer 400 BAD_REQUEST naming the part', () => {
  test.each<[string, string]>([
    ['foo:bar', 'query: unknown field "foo" in "foo:bar"'],
    ['title:x', 'query: unknown field "title" in "title:x"'],
    [
      'localized.fr.description:x',
      'query: unknown field "localized.fr.description" in "localized.fr.description:x"',
    ],
    ['localized.f.title:x', 'query: unknown field "localized.f.title" in "localized.f.title:x"'],
    ['tags.:x', 'query: unknown field "tags." in "tags.:x"'],
    ['tags.a.b:x', 'query: unknown field "tags.a.b" in "tags.a.b:x"'],
    ['AssetId:x', 'query: unknown field "AssetId" in "AssetId:x"'],
    ['foo:(a OR b)', 'query: unknown field "foo" in "foo:"'],
    [
      'type:FILM',
      'query: unknown asset type "FILM" in "type:FILM" (expected one of MOVIE, TV_SHOW, EPISODE, CLIP, TV_CHANNEL, AD, LIVE_EVENT, COLLECTION, PODCAST, PODCAST_EPISODE, EVENT, OTHER)',
    ],
    [
      'type:(MOVIE OR SERIES)',
      'query: unknown asset type "SERIES" in "SERIES" (expected one of MOVIE, TV_SHOW, EPISODE, CLIP, TV_CHANNEL, AD, LIVE_EVENT, COLLECTION, PODCAST, PODCAST_EPISODE, EVENT, OTHER)',
    ],
    [
      'productionYear:recent',
      'query: productionYear must be a year, got "recent" in "productionYear:recent"',
    ],
    ['assetId:abc*', 'query: wildcards are not supported in "assetId:abc*"'],
    ['assetId:a?c', 'query: wildcards are not supported in "assetId:a?c"'],
    ['productionYear:[1990 TO 2000]', 'query: ranges are not supported in "productionYear:[1990"'],
    ['productionYear:{1990 TO 2000}', 'query: ranges are not supported in "productionYear:{1990"'],
    ['productionYear:>1990', 'query: ranges are not supported in "productionYear:>1990"'],
    ['assetId:abc~', 'query: fuzzy and proximity searches are not supported in "assetId:abc~"'],
    ['participants.name:"a b"~2', `query: fuzzy and proximity searches are not supported in ${q('"a b"~')}`],
    ['assetId:abc^2', 'query: boosts are not supported in "assetId:abc^2"'],
    ['(assetId:a)^2', 'query: boosts are not supported in "^2"'],
    ['assetId:/ab+c/', 'query: regular expressions are not supported in "assetId:/ab+c/"'],
    ['polar', 'query: term "polar" has no field (write field:value)'],
    ['"polar"', `query: term ${q('"polar"')} has no field (write field:value)`],
    ['assetId:a and assetId:b', 'query: term "and" has no field (operators are upper-case: AND, OR, NOT)'],
    ['', 'query: empty query'],
    ['   ', 'query: empty query'],
    ['+', 'query: no term in "+"'],
    ['(assetId:a', 'query: unbalanced parentheses: missing ")"'],
    ['assetId:a)', 'query: unbalanced parentheses: unexpected ")"'],
    ['(', 'query: unbalanced parentheses: missing ")"'],
    ['()', 'query: empty parentheses "()"'],
    ['assetId:"abc', `query: unbalanced quote in ${q('"abc')}`],
    ['participants.name:"a\\', `query: unbalanced quote in ${q('"a\\')}`],
    ['assetId:abc\\', `query: dangling escape "\\" at the end of ${q('assetId:abc\\')}`],
    ['assetId:a AND', 'query: dangling operator "AND" at the end'],
    ['assetId:a OR', 'query: dangling operator "OR" at the end'],
    ['assetId:a ||', 'query: dangling operator "||" at the end'],
    ['NOT', 'query: dangling operator "NOT" at the end'],
    ['assetId:a -', 'query: dangling operator "-" at the end'],
    ['AND assetId:a', 'query: operator "AND" has no term on its left'],
    ['OR assetId:a', 'query: operator "OR" has no term on its left'],
    ['assetId:a AND OR assetId:b', 'query: operator "OR" follows "AND"'],
    ['(assetId:a AND) OR assetId:b', 'query: dangling operator "AND" before ")"'],
    ['NOT AND assetId:a', 'query: operator "NOT" is not followed by a term'],
    ['assetId:', 'query: missing value after "assetId:"'],
    ['assetId: AND type:MOVIE', 'query: missing value after "assetId:"'],
    [':abc', 'query: missing field name in ":abc"'],
    ['assetId:""', `query: empty value in ${q('assetId:""')}`],
    ['assetId:"a"b', `query: unexpected "b" after ${q('"a"')}`],
    ['assetId:(a OR type:MOVIE)', 'query: field "type:" inside the group of field "assetId"'],
  ])('%s', (text, message) => {
    const error = rejection(text);
    expect(error.httpCode).toBe(400);
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.extendedMessage).toBe(message);
  });

  test('too long', () => {
    const text = Array.from({ length: 300 }, (_, i) => `assetId:${i}`).join(' OR ');
    expect(text.length).toBeGreaterThan(2000);
    expect(rejection(text).extendedMessage).toBe(`query: too long (${text.length} characters, at most 2000)`);
  });

  test('too deep', () => {
    expect(rejection(`${'('.repeat(33)}assetId:a${')'.repeat(33)}`).extendedMessage).toBe(
      'query: nested too deeply (at most 32 levels)',
    );
    expect(rejection(`${'NOT '.repeat(40)}assetId:a`).extendedMessage).toBe(
      'query: nested too deeply (at most 32 levels)',
    );
    // Thousands of parentheses stop at the length limit first, never at the stack.
    expect(rejection(`${'('.repeat(1990)}assetId:a${')'.repeat(1990)}`).extendedMessage).toMatch(
      /^query: too long/,
    );
  });
});
