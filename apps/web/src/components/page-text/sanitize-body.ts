import DOMPurify from 'dompurify';
import { renderContext } from '../../lib/render-context';
import { escapeHtml } from '../../lib/html';

/** The only tags a page body keeps (light formatting); everything else is removed. */
export const BODY_TAGS = ['p', 'strong', 'b', 'i', 'em', 'br', 'a', 'ul', 'ol', 'li', 'h2', 'h3'];

/** Inline marks of the light text format: **strong**, *em*, [text](https://…). */
function inline(text: string): string {
  return escapeHtml(text)
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/\*(.+?)\*/g, '<em>$1</em>')
    .replace(/\[([^\]]+)\]\(((?:https?:\/\/|mailto:|\/)[^\s)]+)\)/g, '<a href="$2">$1</a>');
}

/**
 * Bodies written as light text (blank-line paragraphs, `#` headings, `-` lists, as the demo
 * structure stores them) become HTML. A first-level heading opening the text is its title, which
 * the page's own h1 already says: it is dropped. Other first- and second-level headings become
 * h2, the rest h3.
 */
export function textToHtml(text: string): string {
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  const html: string[] = [];
  for (const raw of blocks) {
    const block = raw.trim();
    if (block === '') continue;
    const heading = /^(#{1,6})\s+(.*)$/.exec(block);
    if (heading && !block.includes('\n')) {
      const [, marks = '', content = ''] = heading;
      if (marks.length === 1 && html.length === 0) continue;
      const tag = marks.length <= 2 ? 'h2' : 'h3';
      html.push(`<${tag}>${inline(content)}</${tag}>`);
      continue;
    }
    const lines = block.split('\n');
    if (lines.every((line) => /^\s*[-*]\s+/.test(line))) {
      html.push(
        `<ul>${lines.map((line) => `<li>${inline(line.replace(/^\s*[-*]\s+/, ''))}</li>`).join('')}</ul>`,
      );
      continue;
    }
    if (lines.every((line) => /^\s*\d+[.)]\s+/.test(line))) {
      html.push(
        `<ol>${lines.map((line) => `<li>${inline(line.replace(/^\s*\d+[.)]\s+/, ''))}</li>`).join('')}</ol>`,
      );
      continue;
    }
    html.push(`<p>${lines.map(inline).join('<br>')}</p>`);
  }
  return html.join('');
}

const looksLikeHtml = (body: string) => /<\/?[a-z][a-z0-9]*[\s/>]/i.test(body);

/**
 * A page body made safe to insert: HTML as is, light text converted, then DOMPurify keeps only
 * BODY_TAGS and, on links, an http(s), mailto or relative href. Scripts, styles, event handlers
 * and every other attribute are removed.
 */
export function sanitizeBody(body: string): string {
  const html = looksLikeHtml(body) ? body : textToHtml(body);
  if (!DOMPurify.isSupported) {
    // No DOM (a server render): the text alone, escaped — readable without JavaScript — and the
    // browser draws the page afresh with the sanitised HTML instead of hydrating this.
    renderContext()?.redrawInBrowser?.();
    return escapeText(
      html
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  }
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: BODY_TAGS,
    ALLOWED_ATTR: ['href'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/|#)/i,
  });
}

function escapeText(text: string): string {
  return text
    .replace(/&(?![a-z]+;|#\d+;)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
