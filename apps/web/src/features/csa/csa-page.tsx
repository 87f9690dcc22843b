import { useTranslation } from 'react-i18next';
import { CsaIcon, type CsaIconLevel } from '../../components/csa-icon';
import styles from './csa-page.module.css';

/** The levels of the signalétique jeunesse, in order (spec part 2 §2 /csa, §9). */
const LEVELS = [
  { key: 'all', title: 'CSA.ALL_TITLE', meaning: 'CSA.ALL_MEANING' },
  { key: '10', title: 'CSA.10_TITLE', meaning: 'CSA.10_MEANING', icon: 10 },
  { key: '12', title: 'CSA.12_TITLE', meaning: 'CSA.12_MEANING', icon: 12 },
  { key: '16', title: 'CSA.16_TITLE', meaning: 'CSA.16_MEANING', icon: 16 },
  { key: '18', title: 'CSA.18_TITLE', meaning: 'CSA.18_MEANING', icon: 18 },
] as const satisfies readonly { key: string; title: string; meaning: string; icon?: CsaIconLevel }[];

/** /csa: the age-rating table (the details page's rating icon links here). */
export default function CsaPage() {
  const { t } = useTranslation();
  return (
    <section className={styles.page}>
      <title>{`${t('PAGES.CSA')} · ${t('GENERAL.APP_NAME')}`}</title>
      <h1 className={styles.title}>{t('PAGES.CSA')}</h1>
      <p className={styles.intro}>{t('CSA.INTRO')}</p>
      <div className={styles.scroller}>
        <table className={styles.table}>
          <caption className={styles.caption}>{t('CSA.CAPTION')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('CSA.COLUMN_ICON')}</th>
              <th scope="col">{t('CSA.COLUMN_CATEGORY')}</th>
              <th scope="col">{t('CSA.COLUMN_MEANING')}</th>
            </tr>
          </thead>
          <tbody>
            {LEVELS.map((level) => (
              <tr key={level.key}>
                <td className={styles.iconCell}>
                  {'icon' in level ? (
                    <CsaIcon level={level.icon} size={48} decorative />
                  ) : (
                    <span className={styles.noIcon}>{t('CSA.NO_ICON')}</span>
                  )}
                </td>
                <th scope="row" className={styles.category}>
                  {t(level.title)}
                </th>
                <td>{t(level.meaning)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
