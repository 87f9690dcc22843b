import type { MenuItem } from '@antenne/contract';
import { localizedPresentation } from '../../lib/presentation';
import { actionLink, type ItemLink } from './menu-links';

/**
 * Footer item titles are `Group | Item` (the structure's FOOTER_SEPARATOR): the part before the
 * first separator names the column, the rest is the link's text. A title without the separator
 * is its own text, in a column with no heading.
 */
export const FOOTER_SEPARATOR = ' | ';

export interface FooterLink extends ItemLink {
  key: string;
  label: string;
  /** The cookie-management entry (opens the consent preferences once consent exists). */
  cookies: boolean;
}

export interface FooterGroup {
  title: string;
  links: FooterLink[];
}

export function splitFooterTitle(title: string): { group: string; label: string } {
  const at = title.indexOf(FOOTER_SEPARATOR);
  if (at < 0) return { group: '', label: title.trim() };
  return { group: title.slice(0, at).trim(), label: title.slice(at + FOOTER_SEPARATOR.length).trim() };
}

/** Columns in the order their first item comes; items keep their order inside a column. */
export function groupFooterItems(items: MenuItem[], language: string, homeId?: string): FooterGroup[] {
  const groups = new Map<string, FooterGroup>();
  items.forEach((item, index) => {
    const link = actionLink(item.actions.default, homeId);
    if (!link) return;
    const title = localizedPresentation(item.presentation, language).title ?? '';
    const { group, label } = splitFooterTitle(title);
    if (!label) return;
    const componentId = item.actions.default.componentId ?? '';
    let column = groups.get(group);
    if (!column) {
      column = { title: group, links: [] };
      groups.set(group, column);
    }
    column.links.push({ ...link, key: `${index}-${link.href}`, label, cookies: /cookie/i.test(componentId) });
  });
  return [...groups.values()];
}
