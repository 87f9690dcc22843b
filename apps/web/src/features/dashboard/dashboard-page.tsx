import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { isApiError } from '../../api/client';
import { useDashboardReport } from '../../api/dashboard';
import { Link } from '../../lib/router';
import { RANGE_CHOICES, rangeEndingToday, useFormatters, type RangeDays } from './dashboard-model';
import { DashboardReportView } from './dashboard-report';
import styles from './dashboard.module.css';

const RANGE_LABELS = { 7: 'DASHBOARD.RANGE_7', 30: 'DASHBOARD.RANGE_30', 90: 'DASHBOARD.RANGE_90' } as const;

/** A span of the last `days` days, today (UTC, read now) included. */
const spanOf = (days: RangeDays) => ({ days, range: rangeEndingToday(days, Date.now()) });

/**
 * /dashboard (issue 17, signed-in users; the report for staff accounts only): daily audience, top
 * titles and channels, completion, searches with no results, ads, errors and crashes over the last
 * 7, 30 or 90 days. An account without the staff role sees why it cannot (the server's 403).
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const f = useFormatters();
  // "Today" is read when the span is chosen: the page does not move under the reader at midnight.
  const [{ days, range }, setSpan] = useState(() => spanOf(30));
  const report = useDashboardReport(range);

  if (report.isError && isApiError(report.error) && report.error.httpCode === 403) {
    return (
      <section className={styles.page}>
        <title>{`${t('DASHBOARD.FORBIDDEN_TITLE')} · ${t('GENERAL.APP_NAME')}`}</title>
        <h1 className={styles.title}>{t('DASHBOARD.FORBIDDEN_TITLE')}</h1>
        <p>{t('DASHBOARD.FORBIDDEN')}</p>
        <Link to="/" className={styles.action}>
          {t('DASHBOARD.BACK_HOME')}
        </Link>
      </section>
    );
  }

  const shown = report.data;
  return (
    <section className={styles.page} aria-busy={report.isFetching}>
      <title>{`${t('DASHBOARD.TITLE')} · ${t('GENERAL.APP_NAME')}`}</title>
      <h1 className={styles.title}>{t('DASHBOARD.TITLE')}</h1>
      <RadioGroup
        className={styles.range}
        orientation="horizontal"
        value={String(days)}
        onChange={(value) => setSpan(spanOf(Number(value) as RangeDays))}
      >
        <Label className={styles.rangeLabel}>{t('DASHBOARD.RANGE')}</Label>
        <div className={styles.rangeOptions}>
          {RANGE_CHOICES.map((choice) => (
            <Radio key={choice} value={String(choice)} className={styles.rangeOption}>
              {t(RANGE_LABELS[choice])}
            </Radio>
          ))}
        </div>
      </RadioGroup>
      {shown !== undefined && (
        <p className={styles.intro}>
          {t('DASHBOARD.INTRO', { from: f.longDay(shown.from), to: f.longDay(shown.to) })}
        </p>
      )}
      {report.isPending ? (
        <p role="status">{t('DASHBOARD.LOADING')}</p>
      ) : report.isError && shown === undefined ? (
        <div role="alert" className={styles.failure}>
          <p>{t('DASHBOARD.ERROR')}</p>
          <button type="button" className={styles.action} onClick={() => void report.refetch()}>
            {t('DASHBOARD.RETRY')}
          </button>
        </div>
      ) : shown !== undefined ? (
        <DashboardReportView report={shown} />
      ) : null}
    </section>
  );
}
