import { useEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { Link } from '../../lib/router';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@antenne/contract';
import { useComponent } from '../../api/get-component';
import { useStartup } from '../../api/use-startup';
import { localizedPresentation } from '../../lib/presentation';
import { useMediaQuery } from '../../lib/use-media-query';
import { actionLink, menuItemsOf } from './menu-links';
import { useWindowHeight } from './use-window-height';
import styles from './burger-menu.module.css';

/** Menu fade, in and out (spec part 2 §9). */
export const MENU_FADE_MS = 250;
/** Height of one entry, for the column's placement (matches the CSS). */
const ENTRY_BLOCK_SIZE = 48;

interface Entry {
  key: string;
  label: string;
  href: string;
  newTab: boolean;
  highlighted: boolean;
}

/** Podcasts or home items are highlighted (spec part 2 §2), whatever the language. */
const HIGHLIGHTED_TITLE = /podcast|pódcast|بودكاست|^accueil$|^home$/i;

function configuredEntries(items: MenuItem[], language: string, homeId: string | undefined): Entry[] {
  const entries: Entry[] = [];
  items.forEach((item, index) => {
    const link = actionLink(item.actions.default, homeId);
    // Home is always the first entry; the structure's own home item would repeat it.
    if (!link || link.href === '/') return;
    const title = localizedPresentation(item.presentation, language).title ?? '';
    const componentId = item.actions.default.componentId ?? '';
    entries.push({
      key: `${index}-${link.href}`,
      label: title,
      href: link.href,
      newTab: link.newTab,
      highlighted:
        link.external ||
        HIGHLIGHTED_TITLE.test(title) ||
        HIGHLIGHTED_TITLE.test(item.presentation.fallback.title ?? '') ||
        /podcast/i.test(componentId),
    });
  });
  return entries;
}

/**
 * The burger menu (spec part 2 §2): Home, the TV guide, the structure's menu items, then My content. It fades
 * in and out over 250 ms (no fade under prefers-reduced-motion), and closes on a choice, on
 * Escape and on a click outside; Escape and a choice give the focus back to the Menu button.
 * The column starts under the top bar; its height comes from the window's height: it is as tall
 * as its entries when they fit, else as tall as the window allows, and scrolls.
 */
export function BurgerMenu({
  id,
  open,
  onClose,
  buttonRef,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t, i18n } = useTranslation();
  const { config, structure } = useStartup();
  const menu = useComponent(structure?.components.menu?.[0]?.referenceId);
  const homeId = structure?.components.homePage?.[0]?.referenceId ?? 'home';
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const windowHeight = useWindowHeight();
  const panelRef = useRef<HTMLElement>(null);

  // Stays mounted while it fades out.
  const [rendered, setRendered] = useState(open);
  if (open && !rendered) setRendered(true);
  useEffect(() => {
    if (open || !rendered) return;
    const timer = window.setTimeout(() => setRendered(false), reducedMotion ? 0 : MENU_FADE_MS);
    return () => window.clearTimeout(timer);
  }, [open, rendered, reducedMotion]);

  // Focus the first entry on opening.
  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('a')?.focus();
  }, [open]);

  // Escape and clicks outside (the Menu button toggles by itself).
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onClose();
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      const target = event.target as Node | null;
      if (!target || panelRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('mousedown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('mousedown', onPointerDown);
    };
  }, [open, onClose, buttonRef]);

  if (!rendered) return null;

  const language = i18n.resolvedLanguage ?? i18n.language;
  const entries: Entry[] = [
    { key: 'home', label: t('MENU.HOME'), href: '/', newTab: false, highlighted: true },
    { key: 'guide', label: t('MENU.GUIDE'), href: '/guide', newTab: false, highlighted: false },
    ...configuredEntries(menuItemsOf(menu.data), language, homeId),
    { key: 'mycontent', label: t('MENU.MY_CONTENT'), href: '/mycontent', newTab: false, highlighted: false },
  ];

  const choose = () => {
    onClose();
    buttonRef.current?.focus();
  };

  const wanted = entries.length * ENTRY_BLOCK_SIZE + 16;
  const { homeMenu } = config.design.theme.custom;
  const style = {
    '--menu-background': homeMenu.backgroundColor,
    '--menu-highlight': homeMenu.highlightColor,
    '--menu-max-block-size': windowHeight > 0 ? `${windowHeight}px` : '100vh',
    '--menu-wanted-block-size': `${wanted}px`,
  } as CSSProperties;

  return (
    <nav
      id={id}
      ref={panelRef}
      aria-label={t('MENU.LABEL')}
      className={`${styles.panel} ${open ? '' : styles.closing}`}
      style={style}
      inert={!open}
    >
      <ul className={styles.list}>
        {entries.map((entry) => (
          <li key={entry.key}>
            {entry.newTab ? (
              <a
                href={entry.href}
                target="_blank"
                rel="noopener noreferrer"
                className={`${styles.item} ${entry.highlighted ? styles.highlighted : ''}`}
                onClick={choose}
              >
                {entry.label}
                <span className="visually-hidden"> {t('MENU.NEW_TAB')}</span>
              </a>
            ) : (
              <Link
                to={entry.href}
                className={`${styles.item} ${entry.highlighted ? styles.highlighted : ''}`}
                onClick={choose}
              >
                {entry.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {menu.isError && (
        <p className={styles.error} role="status">
          {t('MENU.LOAD_ERROR')}
        </p>
      )}
    </nav>
  );
}
