import type { MenuItem } from '@antenne/contract';
import { splitFooterTitle } from '../../app/shell/footer-groups';
import { actionLink } from '../../app/shell/menu-links';
import { localizedPresentation } from '../../lib/presentation';

export interface LegalLinks {
  terms?: string;
  personalData?: string;
  privacy?: string;
}

/**
 * Each notice link by the French title of its footer item (the part after the group, `Group | Item`):
 * the terms of use — "Conditions d'utilisation" or "Conditions générales d'utilisation", never the
 * terms of sale ("… de vente") —, the personal-data management page and the privacy information
 * ("vie privée" or "confidentialité"). The first match of each wins.
 */
const LEGAL_MATCHES: [keyof LegalLinks, RegExp][] = [
  ['terms', /^conditions (g[ée]n[ée]rales )?d['’]utilisation\b/i],
  ['personalData', /donn[ée]es personnelles/i],
  ['privacy', /vie priv[ée]e|confidentialit[ée]/i],
];

/**
 * The legal pages of the registration notice (spec part 1 §2): the footer items whose French
 * title names them, each as /legal/{componentId}.
 */
export function legalLinksOf(items: readonly MenuItem[]): LegalLinks {
  const links: LegalLinks = {};
  for (const item of items) {
    const title = splitFooterTitle(localizedPresentation(item.presentation, 'fr').title ?? '').label;
    const componentId = item.actions.default.componentId;
    if (!componentId || actionLink(item.actions.default)?.external) continue;
    for (const [key, pattern] of LEGAL_MATCHES) {
      if (!links[key] && pattern.test(title)) links[key] = `/legal/${encodeURIComponent(componentId)}`;
    }
  }
  return links;
}
