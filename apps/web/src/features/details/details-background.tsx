import type { AssetImage } from '@antenne/contract';
import { fullWidth } from '../../lib/image-url';
import styles from './vod-details-page.module.css';

/**
 * The details pages' backdrop (a title's or a programme's): the image across the page, painted
 * first (it is the page's largest), or the plain background while there is none.
 */
export function DetailsBackground({ image }: { image: AssetImage | undefined }) {
  return (
    <div className={styles.background}>
      {image ? (
        <img className={styles.backgroundImage} {...fullWidth(image.url)} alt="" fetchPriority="high" />
      ) : null}
    </div>
  );
}
