import type { Asset } from '@antenne/contract';
import type { CardOrientation } from '../../lib/asset-display';
import { AssetCard } from '../asset-card/asset-card';
import styles from './asset-grid.module.css';

/** Titles as a wrapping grid of cards (a mosaic, search results): 90 px columns on mobile, 280 px on desktop. */
export function AssetGrid({ items, orientation }: { items: readonly Asset[]; orientation: CardOrientation }) {
  return (
    <ul className={styles.grid}>
      {items.map((asset) => (
        <li key={asset.assetId}>
          <AssetCard asset={asset} orientation={orientation} />
        </li>
      ))}
    </ul>
  );
}
