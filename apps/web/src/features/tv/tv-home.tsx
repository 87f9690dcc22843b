import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Asset, ComponentReference } from '@antenne/contract';
import { logoutSequence } from '../../api/auth';
import { useComponent } from '../../api/get-component';
import { useContent } from '../../api/get-assets';
import { useStartup } from '../../api/use-startup';
import { imageOf, titleOf } from '../../lib/asset-display';
import { atDensities } from '../../lib/image-url';
import { localizedPresentation } from '../../lib/presentation';
import { useNavigate } from '../../lib/router';
import { useSessionStore } from '../../state/session-store';
import styles from './tv.module.css';

/** Cards a lane shows on the big screen. */
const TV_LANE_ITEMS = 10;

/**
 * The big screen once signed in: the home's lanes as rows of large cards. The arrow keys move
 * between cards (left and right along a row, mirrored in Arabic; up and down between rows), Enter
 * plays a title with the player route (a series opens its details, whose Play resolves the episode).
 */
export function TvHome() {
  const { t } = useTranslation();
  const { config, structure } = useStartup();
  const name = useSessionStore((state) => state.profile?.displayName ?? state.user?.displayName ?? '');
  const home = useComponent(structure?.components.homePage?.[0]?.referenceId);
  const lanes = ((home.data?.components?.pageBody ?? []) as ComponentReference[]).filter(
    (reference) => reference.appType === 'carousel',
  );
  const grid = useRef<HTMLDivElement>(null);

  // The first card takes the focus (a remote has no pointer), and keeps it while lanes arrive
  // above it, until the viewer moves.
  useEffect(() => {
    const root = grid.current;
    if (root === null) return;
    let moved = false;
    const stopFollowing = () => {
      moved = true;
    };
    const focusFirst = () => {
      const first = root.querySelector<HTMLElement>('[data-tv-row]');
      if (moved || first === null || first === document.activeElement) return;
      const active = document.activeElement;
      // Only from nowhere (the body) or from another card: never out of the header's buttons.
      if (active === null || active === document.body || root.contains(active)) first.focus();
    };
    focusFirst();
    const observer = new MutationObserver(focusFirst);
    observer.observe(root, { childList: true, subtree: true });
    root.addEventListener('keydown', stopFollowing);
    root.addEventListener('pointerdown', stopFollowing);
    const stop = setTimeout(() => observer.disconnect(), 10_000);
    return () => {
      observer.disconnect();
      clearTimeout(stop);
      root.removeEventListener('keydown', stopFollowing);
      root.removeEventListener('pointerdown', stopFollowing);
    };
  }, []);

  return (
    <div className={styles.home}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('TV.HOME')}</h1>
        <p className={styles.who}>{t('TV.SIGNED_IN', { name })}</p>
        <button type="button" className={styles.button} onClick={() => void logoutSequence(config)}>
          {t('TV.SIGN_OUT')}
        </button>
      </header>
      <p className={styles.hint}>{t('TV.NAVIGATION_HINT')}</p>
      {home.isError ? <p>{t('GENERAL.NO_CONTENT')}</p> : null}
      <div ref={grid} onKeyDown={moveFocus}>
        {lanes.map((reference, row) => (
          <TvLane key={reference.referenceId} reference={reference} row={row} />
        ))}
      </div>
    </div>
  );
}

function TvLane({ reference, row }: { reference: ComponentReference; row: number }) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const component = useComponent(reference.referenceId);
  const content = useContent(component.data?.contentUrl);
  const items: Asset[] = (content.data?.items ?? []).slice(0, TV_LANE_ITEMS);
  if (items.length === 0) return null;
  const title =
    localizedPresentation(component.data?.presentation, i18n.language).title ?? reference.name ?? '';
  const headingId = `tv-lane-${reference.referenceId}`;
  return (
    <section className={styles.lane} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.laneTitle}>
        {title}
      </h2>
      <ul className={styles.cards}>
        {items.map((asset, column) => {
          const name = titleOf(asset, i18n.language);
          const image = imageOf(asset, i18n.language, 'landscape');
          return (
            <li key={asset.assetId}>
              <button
                type="button"
                className={styles.card}
                data-tv-row={row}
                data-tv-column={column}
                onClick={() => navigate(targetOf(asset))}
                onFocus={(event) => scrollIntoSight(event.currentTarget)}
              >
                {image?.url ? (
                  <img className={styles.cardImage} {...atDensities(image.url, 480)} alt="" />
                ) : null}
                <span className={styles.cardTitle}>{name}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Where a card goes: the player for what plays; a series' details (its Play finds the episode). */
function targetOf(asset: Asset): string {
  const id = encodeURIComponent(asset.assetId);
  return asset.type === 'TV_SHOW' ? `/details/vod/${id}` : `/player/${id}`;
}

/** Arrow keys between the cards: rows are lanes, columns their cards (mirrored right to left). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>): void {
  const current = (event.target as HTMLElement).closest<HTMLElement>('[data-tv-row]');
  if (current === null) return;
  // The app sets dir on <html> (Arabic): the next card is then on the left.
  const rtl = current.closest('[dir]')?.getAttribute('dir') === 'rtl';
  const step: Record<string, [number, number]> = {
    ArrowUp: [-1, 0],
    ArrowDown: [1, 0],
    ArrowLeft: [0, rtl ? 1 : -1],
    ArrowRight: [0, rtl ? -1 : 1],
  };
  const move = step[event.key];
  if (move === undefined) return;
  event.preventDefault();
  const cards = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-tv-row]')];
  const rows = [...new Set(cards.map((card) => Number(card.dataset.tvRow)))];
  const rowIndex = rows.indexOf(Number(current.dataset.tvRow)) + move[0];
  const row = rows[Math.min(Math.max(rowIndex, 0), rows.length - 1)];
  const inRow = cards.filter((card) => Number(card.dataset.tvRow) === row);
  const column = Math.min(Math.max(Number(current.dataset.tvColumn) + move[1], 0), inRow.length - 1);
  inRow[column]?.focus();
}

/** The focused card into sight (jsdom and old TV browsers have no scrollIntoView). */
function scrollIntoSight(card: HTMLElement): void {
  if (typeof card.scrollIntoView === 'function') card.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}
