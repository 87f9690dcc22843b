import { describe, expect, test } from 'vitest';
import { sanitizeBody, textToHtml } from './sanitize-body';
import { resolveReference } from './page-reference';

describe('page bodies', () => {
  test('light text becomes paragraphs, headings, lists and links, HTML escaped', () => {
    expect(
      textToHtml(
        '# Titre\n\nUn <b>texte</b>\nsur deux lignes.\n\n## Partie\n\n1. un\n2. deux\n\nVoir [le site](https://example.org).\n\n# Annexe',
      ),
    ).toBe(
      '<p>Un &lt;b&gt;texte&lt;/b&gt;<br>sur deux lignes.</p><h2>Partie</h2><ol><li>un</li><li>deux</li></ol>' +
        '<p>Voir <a href="https://example.org">le site</a>.</p><h2>Annexe</h2>',
    );
  });

  test('HTML keeps only the light formatting tags', () => {
    const html = sanitizeBody(
      '<h1>Grand</h1><p class="x">a <em>b</em> <i>c</i><br><u>d</u></p><iframe src="https://evil.example"></iframe><style>p{}</style><script>alert(1)</script><h3>e</h3><ul><li>f</li></ul>',
    );
    expect(html).toBe('Grand<p>a <em>b</em> <i>c</i><br>d</p><h3>e</h3><ul><li>f</li></ul>');
  });

  test('links keep only safe targets', () => {
    expect(
      sanitizeBody(
        '<p><a href="javascript:alert(1)" target="_top">x</a><a href="mailto:a@b.example">y</a></p>',
      ),
    ).toBe('<p><a>x</a><a href="mailto:a@b.example">y</a></p>');
  });
});

describe('reference addresses', () => {
  const origin = 'https://tv.example';
  test.each([
    ['/v2/whitelabel/component/x', '', { kind: 'api', path: '/v2/whitelabel/component/x' }],
    ['https://api.example/v2/x?a=1', 'https://api.example/', { kind: 'api', path: '/v2/x?a=1' }],
    ['https://tv.example/v2/x', '', { kind: 'api', path: '/v2/x' }],
    ['https://docs.example/cgv.html', '', { kind: 'external', url: 'https://docs.example/cgv.html' }],
    ['javascript:alert(1)', '', undefined],
    ['//evil.example/x', '', undefined],
  ])('%s (API at "%s")', (url, base, expected) => {
    expect(resolveReference(url, base, origin)).toEqual(expected);
  });
});
