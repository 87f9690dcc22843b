import { Suspense } from 'react';
import type { Asset } from '@antenne/contract';
import type { CardOrientation } from '../../lib/asset-display';
import { AssetCard } from '../asset-card/asset-card';
import { HydrateInTurn } from '../hydrate-in-turn';
import styles from './asset-grid.module.css';

/**
 * The cards a grid at the top of a page shows on the first screen (two rows of a phone's 90 px
 * columns): their images are fetched at once, not when laid out (the largest of them is the page's
 * largest paint, and the app starts after it: main.tsx).
 */
export const FIRST_SCREEN_CARDS = 8;

/**
 * A server-drawn grid hydrates this many cards per task (components/hydrate-in-turn.tsx): a card
 * takes 1–4 ms on this machine, four a phone's 50 ms at its 4× slower CPU.
 */
const CARDS_PER_TURN = 4;

/** Titles as a wrapping grid of cards (a mosaic, search results): 90 px columns on mobile, 280 px on desktop. */
export function AssetGrid({
  items,
  orientation,
  eagerCount = 0,
  part,
}: {
  items: readonly Asset[];
  orientation: CardOrientation;
  /** How many leading cards load their images at once (a grid at the top of the page: FIRST_SCREEN_CARDS). */
  eagerCount?: number;
  /** The grid's name in the page: a server-drawn grid then hydrates a few cards per task, in order. */
  part?: string;
}) {
  return (
    <ul className={styles.grid}>
      {items.map((asset, index) => {
        const item = (
          <li key={asset.assetId}>
            <AssetCard asset={asset} orientation={orientation} eager={index < eagerCount} />
          </li>
        );
        return part === undefined ? (
          item
        ) : (
          // One boundary per card (a part has one root element), a turn per few cards.
          <Suspense key={asset.assetId} fallback={null}>
            <HydrateInTurn part={`${part}-${Math.floor(index / CARDS_PER_TURN)}`}>{item}</HydrateInTurn>
          </Suspense>
        );
      })}
    </ul>
  );
}
