import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResumePoint } from './details-model';
import styles from './vod-details-page.module.css';

/** How far the signed-in user got, in minutes (spec part 2 §9): "12 min vues sur 40" and a bar. */
export function WatchProgress({ resume }: { resume: ResumePoint }) {
  const { t } = useTranslation();
  const textId = useId();
  if (resume.totalMinutes === undefined || resume.share === undefined) return null;
  const text = t('DETAILS.PROGRESS', { watched: resume.watchedMinutes, total: resume.totalMinutes });
  return (
    <div className={styles.progress}>
      <div
        className={styles.progressTrack}
        role="progressbar"
        aria-labelledby={textId}
        aria-valuemin={0}
        aria-valuemax={resume.totalMinutes}
        aria-valuenow={resume.watchedMinutes}
        aria-valuetext={text}
      >
        {/* inline-size follows the writing direction: the bar fills from the right in Arabic. */}
        <span className={styles.progressFill} style={{ inlineSize: `${resume.share * 100}%` }} />
      </div>
      <span id={textId} className={styles.progressText}>
        {text}
      </span>
    </div>
  );
}
