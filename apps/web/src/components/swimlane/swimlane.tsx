import { useCallback, useDeferredValue, useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import type { Asset, ComponentReference } from '@antenne/contract';
import { Link } from '../../lib/router';
import { useTranslation } from 'react-i18next';
import { useComponent } from '../../api/get-component';
import { useContent } from '../../api/get-assets';
import { useStartup } from '../../api/use-startup';
import { localizedPresentation } from '../../lib/presentation';
import { useIsDesktop } from '../../lib/use-media-query';
import { useUserToken } from '../../state/session-store';
import type { CardOrientation } from '../../lib/asset-display';
import { AssetCard } from '../asset-card/asset-card';
import { ChevronEndIcon, ChevronStartIcon } from '../icons';
import styles from './swimlane.module.css';

/** Swimlane constants (spec part 2 §9): 10 items then 'More'; arrows from 95 % viewability. */
export const SWIMLANE_MAX_ITEMS = 10;
export const VIEWABILITY_THRESHOLD = 0.95;
/** A lane starts loading when it comes this close to the viewport, once the page is scrolled. */
const NEAR_VIEWPORT = '600px 0px';

export interface SwimlaneProps {
  reference: ComponentReference;
  /** Lanes above the fold load at once; the others when the visitor scrolls near them. */
  eager?: boolean;
  /** Say 'GENERAL.NO_CONTENT' instead of 'no data available' when empty. */
  emptyState?: boolean;
}

/** Landscape on desktop; on mobile, the lane's parameters.imageOrientation (portrait by default). */
export function laneOrientation(reference: ComponentReference, desktop: boolean): CardOrientation {
  if (desktop) return 'landscape';
  return reference.parameters?.imageOrientation === 'landscape' ? 'landscape' : 'portrait';
}

/**
 * A carousel of the page body: title, at most 10 cards and 'More' to the mosaic when there were
 * more, start/end arrows shown from which cards are visible. A failed load hides the lane; an
 * authorised lane (continue watching, favourites) asks a visitor to sign in.
 */
export function Swimlane({ reference, eager = false, emptyState = false }: SwimlaneProps) {
  const { t, i18n } = useTranslation();
  const { config } = useStartup();
  const token = useUserToken();
  const desktop = useIsDesktop();
  const section = useRef<HTMLElement>(null);
  // Without IntersectionObserver (old browsers, jsdom) every lane loads at once.
  // A server render draws the lanes above the fold only, as the browser's first render does.
  const [near, setNear] = useState(
    eager || (typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined'),
  );

  useEffect(() => {
    if (near || section.current === null) return;
    // A lane in the viewport loads at once; one only near it, once the visitor scrolls (a page that
    // is only looked at does no work for what is below its fold).
    let onScroll: (() => void) | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.find((e) => e.isIntersecting);
        if (entry === undefined) return;
        if (entry.boundingClientRect.top < window.innerHeight && entry.boundingClientRect.bottom > 0) {
          setNear(true);
        } else if (onScroll === undefined) {
          onScroll = () => setNear(true);
          window.addEventListener('scroll', onScroll, { once: true, passive: true });
        }
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(section.current);
    return () => {
      observer.disconnect();
      if (onScroll !== undefined) window.removeEventListener('scroll', onScroll);
    };
  }, [near]);

  const needsSignIn = reference.hasAuthorizedContent === true && !token;
  // The component is fetched even for a visitor's authorised lane: its title is in the reader's language.
  const component = useComponent(near ? reference.referenceId : undefined);
  const content = useContent(component.data?.contentUrl, { enabled: near && !needsSignIn });
  const max = config.swimlanes?.maxItems ?? SWIMLANE_MAX_ITEMS;
  const title =
    localizedPresentation(component.data?.presentation, i18n.language).title ?? reference.name ?? '';
  const orientation = laneOrientation(reference, desktop);
  const headingId = `lane-${reference.referenceId}`;

  if ((component.isError && !needsSignIn) || content.isError) return null;

  const items: Asset[] = content.data?.items ?? [];
  // A lane of channels leads to the guide.
  const live = items[0]?.type === 'TV_CHANNEL';
  const total = content.data?.totalCount ?? items.length;
  const loading = !needsSignIn && (!near || component.isPending || content.isPending);

  let row: LaneContent;
  if (needsSignIn) {
    row = (
      <Link className={styles.signIn} to="/login">
        {t('SWIMLANE.NEED_AUTHENTICATION')}
      </Link>
    );
  } else if (loading) row = 'loading';
  else if (items.length === 0)
    row = <LaneMessage>{emptyState ? t('GENERAL.NO_CONTENT') : t('SWIMLANE.NO_DATA')}</LaneMessage>;
  else row = items.slice(0, max);

  return (
    <LaneView
      sectionRef={section}
      headingId={headingId}
      title={title}
      orientation={orientation}
      eager={eager}
      {...(live
        ? { moreHref: '/guide', moreLabel: t('GUIDE.OPEN') }
        : !needsSignIn && total > max
          ? { moreHref: `/mosaic/${encodeURIComponent(reference.referenceId)}` }
          : {})}
      content={row}
    />
  );
}

/** A lane's titles, or what stands in their place: a placeholder while loading, or a message. */
export type LaneContent = readonly Asset[] | 'loading' | ReactNode;

export interface LaneViewProps {
  headingId: string;
  title: string;
  orientation: CardOrientation;
  /** The mosaic with every title, when there are more than the lane shows (for channels, the guide). */
  moreHref?: string;
  /** The link's text ('More' when not given). */
  moreLabel?: string;
  content: LaneContent;
  /** The first cards' images load at once (lanes on the first screen). */
  eager?: boolean;
  sectionRef?: Ref<HTMLElement>;
}

/**
 * A lane as it looks, whatever feeds it (a white-label component here, the signed-in user's lists
 * on /mycontent): its heading, 'More' to the mosaic, then the row with its arrows.
 */
export function LaneView({
  headingId,
  title,
  orientation,
  moreHref,
  moreLabel,
  content: given,
  eager = false,
  sectionRef,
}: LaneViewProps) {
  const { t } = useTranslation();
  // The titles that arrive once the page is live (a lane coming near, the signed-in user's lists)
  // are drawn in a deferred render React can interrupt: ten cards are not one long task that holds
  // input up (a query's answer alone would render them at once). A server-drawn lane hydrates as is.
  const content = useDeferredValue(given);
  return (
    <section
      ref={sectionRef}
      className={`${styles.lane} ${styles[orientation] ?? ''}`}
      aria-labelledby={headingId}
    >
      <div className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {moreHref ? (
          <Link className={styles.more} to={moreHref}>
            {moreLabel ?? t('SWIMLANE.MORE')}
            <span className="visually-hidden">{` — ${title}`}</span>
          </Link>
        ) : null}
      </div>
      {content === 'loading' ? (
        <div className={styles.placeholder} aria-hidden="true" />
      ) : isAssetList(content) ? (
        <Track items={content} orientation={orientation} eager={eager} label={title} />
      ) : (
        content
      )}
    </section>
  );
}

const isAssetList = (content: LaneContent): content is readonly Asset[] => Array.isArray(content);

/** A lane's message in place of its titles (empty, failed: `alert`). */
export function LaneMessage({ children, alert = false }: { children: ReactNode; alert?: boolean }) {
  return (
    <p className={styles.empty} {...(alert ? { role: 'alert' } : {})}>
      {children}
    </p>
  );
}

/** The scrolling row and its arrows: an arrow shows while the first (or last) card is less than 95 % visible. */
function Track({
  items,
  orientation,
  eager,
  label,
}: {
  items: readonly Asset[];
  orientation: CardOrientation;
  eager: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(true);

  useEffect(() => {
    const element = list.current;
    if (element === null || typeof IntersectionObserver === 'undefined') return;
    const first = element.firstElementChild;
    const last = element.lastElementChild;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const visible = entry.intersectionRatio >= VIEWABILITY_THRESHOLD;
          if (entry.target === first) setAtStart(visible);
          if (entry.target === last) setAtEnd(visible);
        }
      },
      { root: element, threshold: [0, VIEWABILITY_THRESHOLD, 1] },
    );
    if (first) observer.observe(first);
    if (last) observer.observe(last);
    return () => observer.disconnect();
  }, [items]);

  const scroll = useCallback((towards: 'start' | 'end') => {
    const element = list.current;
    if (element === null) return;
    const rtl = getComputedStyle(element).direction === 'rtl';
    const step = element.clientWidth * 0.8 * (towards === 'end' ? 1 : -1) * (rtl ? -1 : 1);
    element.scrollBy({ left: step, behavior: 'smooth' });
  }, []);

  return (
    <div className={styles.track}>
      {!atStart ? (
        <button
          type="button"
          className={`${styles.arrow} ${styles.arrowStart}`}
          aria-label={t('SWIMLANE.PREVIOUS', { title: label })}
          onClick={() => scroll('start')}
        >
          <ChevronStartIcon />
        </button>
      ) : null}
      <ul ref={list} className={styles.items}>
        {items.map((asset, index) => (
          <li key={asset.assetId} className={styles.item}>
            <AssetCard asset={asset} orientation={orientation} eager={eager && index < 5} />
          </li>
        ))}
      </ul>
      {!atEnd ? (
        <button
          type="button"
          className={`${styles.arrow} ${styles.arrowEnd}`}
          aria-label={t('SWIMLANE.NEXT', { title: label })}
          onClick={() => scroll('end')}
        >
          <ChevronEndIcon />
        </button>
      ) : null}
    </div>
  );
}
