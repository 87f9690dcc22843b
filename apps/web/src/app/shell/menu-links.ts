import type { Action, MenuItem } from '@antenne/contract';

/** Where a menu or footer item leads. */
export interface ItemLink {
  href: string;
  /** Opens in a new tab (external links, legal pages). */
  newTab: boolean;
  external: boolean;
  /** A legal page (/legal/{id}). */
  legal: boolean;
}

/**
 * The link of an item's `actions.default` (spec part 2 §2): NavigateToPage → /vod/{componentId}
 * (the home page's id → /; a legal page, whose url starts with /legal/, → /legal/{componentId}
 * in a new tab), ExternalLink → its url in a new tab, NavigateToDetails → /details/vod/{assetId}.
 * Anything else (or an action missing its id) has no link.
 */
export function actionLink(action: Action | undefined, homeId = 'home'): ItemLink | undefined {
  if (!action) return undefined;
  switch (action.verb) {
    case 'NavigateToPage': {
      const id = action.componentId;
      if (!id) return undefined;
      if (id === homeId) return { href: '/', newTab: false, external: false, legal: false };
      if (action.url?.startsWith('/legal/')) {
        return { href: `/legal/${encodeURIComponent(id)}`, newTab: true, external: false, legal: true };
      }
      return { href: `/vod/${encodeURIComponent(id)}`, newTab: false, external: false, legal: false };
    }
    case 'ExternalLink':
      return action.url ? { href: action.url, newTab: true, external: true, legal: false } : undefined;
    case 'NavigateToDetails':
      return action.assetId
        ? {
            href: `/details/vod/${encodeURIComponent(action.assetId)}`,
            newTab: false,
            external: false,
            legal: false,
          }
        : undefined;
    default:
      return undefined;
  }
}

/** The `menuItems` slot of a menu or footer component. */
export function menuItemsOf(component: { components?: Record<string, unknown[]> } | undefined): MenuItem[] {
  const items = component?.components?.menuItems;
  return Array.isArray(items) ? (items as MenuItem[]) : [];
}
