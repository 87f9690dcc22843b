import { useEffect, useMemo, useState } from 'react';
import {
  heroImage,
  heroImageSources,
  type Action,
  type ComponentReference,
  type HeroBannerItem,
  type Presentation,
} from '@antenne/contract';
import { Link } from '../../lib/router';
import { useTranslation } from 'react-i18next';
import { useHeroComponent } from '../../api/get-component';
import { localizedPresentation } from '../../lib/presentation';
import { useMediaQuery } from '../../lib/use-media-query';
import { PauseIcon, PlayIcon } from '../icons';
import styles from './hero-banner.module.css';

/** The hero turns to its next item every 5 s (spec part 2 §9). */
export const HERO_ROTATION_MS = 5000;

/** An item the banner can show: one with a presentation. */
type HeroItem = HeroBannerItem & { presentation: Presentation };

/** Where an item leads, by its action's verb. */
export function heroTarget(action: Action | undefined): { to: string; external: boolean } | undefined {
  if (action === undefined) return undefined;
  switch (action.verb) {
    case 'NavigateToPage':
      return action.componentId
        ? { to: `/vod/${encodeURIComponent(action.componentId)}`, external: false }
        : undefined;
    case 'NavigateToDetails':
      return action.assetId
        ? { to: `/details/vod/${encodeURIComponent(action.assetId)}`, external: false }
        : undefined;
    case 'PlayAsset':
      return action.assetId
        ? { to: `/player/${encodeURIComponent(action.assetId)}`, external: false }
        : undefined;
    case 'ExternalLink':
      return action.url ? { to: action.url, external: true } : undefined;
    default:
      return undefined;
  }
}

/**
 * The hero banner of a page: one item at a time, turning every 5 s unless the pointer is over
 * it, a control inside has focus, the visitor paused it, or the system asks for reduced motion.
 * Items route by verb: details, page, player, or an external site in a new window.
 */
export function HeroBanner({ reference }: { reference: ComponentReference }) {
  const { t, i18n } = useTranslation();
  const component = useHeroComponent(reference.referenceId);
  const items = useMemo(
    () =>
      ((component.data?.components?.heroBannerItems ?? []) as HeroItem[]).filter(
        (item) => item.presentation !== undefined,
      ),
    [component.data],
  );
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // The first item's image shown before any rotation: it is the page's largest paint, and a slide
  // never goes before its picture has come.
  const [shownFirst, setShownFirst] = useState(false);
  const rotating = items.length > 1 && shownFirst && !paused && !hovered && !focused && !reducedMotion;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % items.length), HERO_ROTATION_MS);
    return () => clearInterval(timer);
  }, [rotating, items.length]);

  if (component.isError || (component.isSuccess && items.length === 0)) {
    if (component.isSuccess) console.warn('hero banner: no highlight available', reference.referenceId);
    return null;
  }
  if (component.isPending) return <div className={styles.hero} aria-hidden="true" />;

  const current = items[index % items.length] as HeroItem;
  const shown = localizedPresentation(current.presentation, i18n.language);
  // The contract's choice and sources; React preloads the first item's image (fetchPriority high).
  const image = heroImage(shown.images);
  const sources = image ? heroImageSources(image.url) : undefined;
  const target = heroTarget(current.actions?.default);
  const title = shown.title ?? '';

  const content = (
    <>
      {sources ? (
        // Never lazy: the first item's image is the page's largest paint. The box is reserved by .hero.
        <img
          className={styles.image}
          src={sources.src}
          srcSet={sources.srcset}
          sizes={sources.sizes}
          alt=""
          fetchPriority={index === 0 ? 'high' : 'auto'}
          ref={(element) => {
            // Already there when hydrating a server-rendered page: its load event has gone by.
            if (element?.complete) setShownFirst(true);
          }}
          onLoad={() => setShownFirst(true)}
          onError={() => setShownFirst(true)}
        />
      ) : null}
      <span className={styles.text}>
        {shown.subTitle ? <span className={styles.subtitle}>{shown.subTitle}</span> : null}
        <span className={styles.title}>{title}</span>
      </span>
    </>
  );

  return (
    <section
      className={styles.hero}
      aria-roledescription={t('HERO.ROLE')}
      aria-label={localizedPresentation(component.data.presentation, i18n.language).title ?? t('HERO.ROLE')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className={styles.slide} aria-live={rotating ? 'off' : 'polite'} aria-atomic="true">
        {target === undefined ? (
          <div className={styles.link}>{content}</div>
        ) : target.external ? (
          <a className={styles.link} href={target.to} target="_blank" rel="noopener noreferrer">
            {content}
            <span className="visually-hidden">{t('GENERAL.NEW_WINDOW')}</span>
          </a>
        ) : (
          <Link className={styles.link} to={target.to}>
            {content}
          </Link>
        )}
      </div>
      {items.length > 1 ? (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.pause}
            aria-label={paused ? t('HERO.PLAY') : t('HERO.PAUSE')}
            aria-pressed={paused}
            onClick={() => setPaused((p) => !p)}
          >
            {paused ? <PlayIcon /> : <PauseIcon />}
          </button>
          <ol className={styles.dots}>
            {items.map((item, i) => (
              <li key={i}>
                <button
                  type="button"
                  className={styles.dot}
                  aria-label={t('HERO.GO_TO', {
                    index: i + 1,
                    count: items.length,
                    title: localizedPresentation(item.presentation, i18n.language).title ?? '',
                  })}
                  aria-current={i === index % items.length ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                />
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
