import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

/** The light HTML a popup's detail may hold (spec part 1 §2). */
export const POPUP_ALLOWED_TAGS = ['strong', 'p', 'i', 'br', 'a'];
const ALLOWED_ATTR = ['href'];

let purifier: Purifier | undefined;

/** Our own DOMPurify instance, so the link hook does not leak into other users of DOMPurify. */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = instance;
  return instance;
}

/**
 * Sanitises a popup's detail: only strong, p, i, br and a survive (their text is kept for
 * other tags, scripts and styles are dropped whole), only href on links, and every link opens
 * in a new tab with rel=noopener.
 */
export function sanitizePopupHtml(html: string): string {
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS: POPUP_ALLOWED_TAGS,
    ALLOWED_ATTR,
    RETURN_TRUSTED_TYPE: false,
  });
}
