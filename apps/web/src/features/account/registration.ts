import type { MenuItem } from '@antenne/contract';
import { actionLink } from '../../app/shell/menu-links';
import { localizedPresentation } from '../../lib/presentation';

export interface LegalLinks {
  terms?: string;
  personalData?: string;
  privacy?: string;
}

const LEGAL_MATCHES: [keyof LegalLinks, RegExp][] = [
  ['terms', /conditions g[ée]n[ée]rales/i],
  ['personalData', /donn[ée]es personnelles/i],
  ['privacy', /confidentialit[ée]/i],
];

/**
 * The legal pages of the registration notice (spec part 1 §2): the footer items whose French
 * title names them, each as /legal/{componentId}.
 */
export function legalLinksOf(items: readonly MenuItem[]): LegalLinks {
  const links: LegalLinks = {};
  for (const item of items) {
    const title = localizedPresentation(item.presentation, 'fr').title ?? '';
    const componentId = item.actions.default.componentId;
    if (!componentId || actionLink(item.actions.default)?.external) continue;
    for (const [key, pattern] of LEGAL_MATCHES) {
      if (!links[key] && pattern.test(title)) links[key] = `/legal/${encodeURIComponent(componentId)}`;
    }
  }
  return links;
}
