import { useSyncExternalStore, type MouseEvent } from 'react';
import type { MenuItem } from '@antenne/contract';
import { Link } from '../../lib/router';
import { useTranslation } from 'react-i18next';
import { useComponent } from '../../api/get-component';
import { useStartup } from '../../api/use-startup';
import {
  consentPreferencesAvailable,
  onConsentPreferencesAvailability,
  openConsentPreferences,
} from '../../lib/analytics/consent';
import { localizedPresentation } from '../../lib/presentation';
import { groupFooterItems, type FooterGroup, type FooterLink } from './footer-groups';
import { menuItemsOf } from './menu-links';
import styles from './footer.module.css';

interface SocialLink {
  name: string;
  url: string;
}

/**
 * The footer's social links: Exposure's menu items whose `actions.default` is an external link
 * (ExternalUrlAction), named by their title; a structure imported before that shape (`{name, url}`)
 * is still read.
 */
function socialLinksOf(
  component: { components?: Record<string, unknown[]> } | undefined,
  language: string,
): SocialLink[] {
  const links: SocialLink[] = [];
  for (const entry of component?.components?.socialMediaLinks ?? []) {
    if (typeof entry !== 'object' || entry === null) continue;
    const item = entry as Partial<MenuItem> & Partial<SocialLink>;
    const action = item.actions?.default;
    const name = item.presentation ? localizedPresentation(item.presentation, language).title : item.name;
    const url = action?.verb === 'ExternalLink' ? action.url : item.url;
    if (typeof name === 'string' && name !== '' && typeof url === 'string' && url !== '')
      links.push({ name, url });
  }
  return links;
}

/**
 * The footer (spec part 1 §2): the structure's footer items in columns, grouped by the part of
 * their title before the separator, then the fixed social-networks column (the footer's
 * socialMediaLinks, merged with any items of a column of the same name). Legal pages and
 * external links open in a new tab. The cookie entry opens the consent preferences once consent
 * exists and a consent platform is there; until then it is the cookie-management page.
 */
export function Footer() {
  const { t, i18n } = useTranslation();
  const { structure } = useStartup();
  const footer = useComponent(structure?.components.footer?.[0]?.referenceId);
  const homeId = structure?.components.homePage?.[0]?.referenceId;
  const language = i18n.resolvedLanguage ?? i18n.language;

  const socialTitle = t('FOOTER.SOCIAL_NETWORKS');
  const columns = groupFooterItems(menuItemsOf(footer.data), language, homeId);
  const fromItems = columns.find((column) => column.title.toLowerCase() === socialTitle.toLowerCase());
  const social: FooterGroup = { title: socialTitle, links: [] };
  for (const link of socialLinksOf(footer.data, language)) {
    social.links.push({
      key: `social-${link.url}`,
      label: link.name,
      href: link.url,
      newTab: true,
      external: true,
      legal: false,
      cookies: false,
    });
  }
  for (const link of fromItems?.links ?? []) {
    if (!social.links.some((known) => known.href === link.href)) social.links.push(link);
  }
  const groups = [...columns.filter((column) => column !== fromItems), social];

  return (
    <footer className={styles.footer}>
      <nav aria-label={t('FOOTER.LABEL')} className={styles.columns}>
        {groups.map((group, index) =>
          group.links.length === 0 ? null : (
            <section
              key={`${index}-${group.title}`}
              className={styles.column}
              aria-label={group.title || undefined}
            >
              {group.title && <h2 className={styles.heading}>{group.title}</h2>}
              <ul className={styles.list}>
                {group.links.map((link) => (
                  <li key={link.key}>
                    <FooterAnchor link={link} newTabLabel={t('FOOTER.NEW_TAB')} />
                  </li>
                ))}
              </ul>
            </section>
          ),
        )}
      </nav>
      {structure?.parameters.copyright && (
        <p className={styles.copyright}>{structure.parameters.copyright}</p>
      )}
    </footer>
  );
}

function FooterAnchor({ link, newTabLabel }: { link: FooterLink; newTabLabel: string }) {
  // The cookie entry opens the consent preferences (a dialog) once the platform is there; until
  // then (or without JavaScript) it is the legal page.
  const opensPreferences = useSyncExternalStore(
    onConsentPreferencesAvailability,
    consentPreferencesAvailable,
    () => false,
  );
  if (!link.newTab) {
    return (
      <Link to={link.href} className={styles.link}>
        {link.label}
      </Link>
    );
  }
  const onClick = link.cookies
    ? (event: MouseEvent) => {
        if (openConsentPreferences()) event.preventDefault();
      }
    : undefined;
  return (
    <a
      href={link.href}
      target="_blank"
      rel="noopener noreferrer"
      className={styles.link}
      onClick={onClick}
      aria-haspopup={link.cookies && opensPreferences ? 'dialog' : undefined}
    >
      {link.label}
      <span className="visually-hidden"> {newTabLabel}</span>
    </a>
  );
}
