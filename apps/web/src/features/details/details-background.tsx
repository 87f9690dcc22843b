import type { AssetImage } from '@antenne/contract';
import { detailsBackgroundSources } from '../../lib/image-url';
import styles from './vod-details-page.module.css';

/**
 * The details pages' backdrop (a title's or a programme's): the image across the page, painted
 * first (it is the page's largest), or the plain background while there is none.
 */
export function DetailsBackground({ image }: { image: AssetImage | undefined }) {
  const sources = image ? detailsBackgroundSources(image.url) : undefined;
  return (
    <div className={styles.background}>
      {sources ? (
        <img
          className={styles.backgroundImage}
          src={sources.src}
          srcSet={sources.srcset}
          sizes={sources.sizes}
          alt=""
          fetchPriority="high"
        />
      ) : null}
    </div>
  );
}
