import { useTranslation } from 'react-i18next';
import styles from './ad-slot.module.css';

/**
 * A reserved advertising slot (spec part 2 §9): its size follows the window width — up to 640 px
 * small, up to 1024 medium, up to 1200 large, else extra-large; a top slot is 320×50 (small,
 * medium), 970×250 (large) or 1000×250 (extra-large), a middle slot 300×250 or 300×600. The space
 * is held before any creative arrives (the ads issue fills it), so nothing shifts.
 */
export function AdSlot({ position }: { position: 'top' | 'middle' }) {
  const { t } = useTranslation();
  return (
    <aside
      className={`${styles.slot} ${position === 'top' ? styles.top : styles.middle}`}
      aria-label={t('AD.LABEL')}
      data-ad-slot={position}
    >
      <span className={styles.label}>{t('AD.LABEL')}</span>
    </aside>
  );
}
