import type { Asset } from '@antenne/contract';
import type { CardOrientation } from '../../lib/asset-display';
import { AssetCard } from '../asset-card/asset-card';
import styles from './asset-grid.module.css';

/**
 * The cards a grid at the top of a page shows on the first screen (two rows of a phone's 90 px
 * columns): their images are fetched at once, not when laid out (the largest of them is the page's
 * largest paint, and the app starts after it: main.tsx).
 */
export const FIRST_SCREEN_CARDS = 8;

/** Titles as a wrapping grid of cards (a mosaic, search results): 90 px columns on mobile, 280 px on desktop. */
export function AssetGrid({
  items,
  orientation,
  eagerCount = 0,
}: {
  items: readonly Asset[];
  orientation: CardOrientation;
  /** How many leading cards load their images at once (a grid at the top of the page: FIRST_SCREEN_CARDS). */
  eagerCount?: number;
}) {
  return (
    <ul className={styles.grid}>
      {items.map((asset, index) => (
        <li key={asset.assetId}>
          <AssetCard asset={asset} orientation={orientation} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
