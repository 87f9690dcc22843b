import { describe, expect, test } from 'vitest';
import { createQueryClient } from './query-client';
import { BOOTSTRAP_ELEMENT_ID, seedFromBootstrap } from './bootstrap';

function page(json: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = BOOTSTRAP_ELEMENT_ID;
  script.textContent = json;
  doc.head.append(script);
  return doc;
}

describe('the embedded startup answers', () => {
  test('seed the query cache under their keys, once', () => {
    const client = createQueryClient();
    const doc = page(
      JSON.stringify({
        version: 1,
        queries: [
          { key: ['config'], data: { customer: 'antenne' } },
          { key: ['content', '/v1/x?q=1', 'FR', null, null], data: { items: [], totalCount: 0 } },
        ],
      }),
    );
    expect(seedFromBootstrap(client, doc)).toBe(2);
    expect(client.getQueryData(['config'])).toEqual({ customer: 'antenne' });
    // A visitor's lane asks with no token and no page size: the same key once hashed.
    expect(client.getQueryData(['content', '/v1/x?q=1', 'FR', null, undefined])).toEqual({
      items: [],
      totalCount: 0,
    });
    expect(doc.getElementById(BOOTSTRAP_ELEMENT_ID)).toBeNull();
  });

  test('an unreadable or absent bootstrap seeds nothing', () => {
    const client = createQueryClient();
    expect(seedFromBootstrap(client, page('{not json'))).toBe(0);
    expect(seedFromBootstrap(client, document.implementation.createHTMLDocument('t'))).toBe(0);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
