import type { DashboardReport } from '@antenne/contract';
import { useTranslation } from 'react-i18next';
import { directionOf } from '../../lib/language';
import { BarList } from './bar-list';
import { ChartSection, Table } from './chart-section';
import { ratio, useFormatters } from './dashboard-model';
import styles from './dashboard.module.css';
import { LineChart } from './line-chart';

/** Every section of the report: charts with their tables, the ads' totals, the crash list. */
export function DashboardReportView({ report }: { report: DashboardReport }) {
  const { t, i18n } = useTranslation();
  const f = useFormatters();
  const rtl = directionOf(i18n.language) === 'rtl';
  const dayLabels = report.daily.map((row) => f.shortDay(row.day));
  const { completion, ads } = report;
  const funnel = [
    { key: 'started', label: t('DASHBOARD.STARTED'), value: completion.started },
    ...([25, 50, 75, 100] as const).map((quartile) => ({
      key: `p${quartile}`,
      label: t('DASHBOARD.QUARTILE', { percent: f.percent(quartile / 100) }),
      value: completion[`p${quartile}`],
    })),
  ];

  return (
    <div className={styles.report}>
      <ChartSection
        title={t('DASHBOARD.AUDIENCE')}
        chart={
          <LineChart
            labels={dayLabels}
            series={[
              { label: t('DASHBOARD.VISITORS'), values: report.daily.map((row) => row.visitors) },
              { label: t('DASHBOARD.PLAYS'), values: report.daily.map((row) => row.plays) },
            ]}
            formatNumber={f.number}
            rtl={rtl}
          />
        }
        table={{
          columns: [
            t('DASHBOARD.DAY'),
            t('DASHBOARD.VISITORS'),
            t('DASHBOARD.PAGE_VIEWS'),
            t('DASHBOARD.PLAYS'),
          ],
          rows: report.daily.map((row) => [
            f.day(row.day),
            ...[row.visitors, row.pageViews, row.plays].map(f.number),
          ]),
        }}
      />
      <div className={styles.pair}>
        <ChartSection
          title={t('DASHBOARD.TOP_TITLES')}
          chart={
            <BarList
              bars={report.topTitles.map((row) => ({ key: row.assetId, label: row.title, value: row.plays }))}
              formatNumber={f.number}
            />
          }
          table={{
            columns: [t('DASHBOARD.TITLE_COLUMN'), t('DASHBOARD.PLAYS')],
            rows: report.topTitles.map((row) => [row.title, f.number(row.plays)]),
          }}
        />
        <ChartSection
          title={t('DASHBOARD.TOP_CHANNELS')}
          chart={
            <BarList
              bars={report.topChannels.map((row) => ({
                key: row.channelId,
                label: row.title,
                value: row.plays,
              }))}
              formatNumber={f.number}
            />
          }
          table={{
            columns: [t('DASHBOARD.CHANNEL_COLUMN'), t('DASHBOARD.PLAYS')],
            rows: report.topChannels.map((row) => [row.title, f.number(row.plays)]),
          }}
        />
      </div>
      <div className={styles.pair}>
        <ChartSection
          title={t('DASHBOARD.COMPLETION')}
          chart={<BarList bars={funnel} formatNumber={f.number} />}
          table={{
            columns: [t('DASHBOARD.STAGE'), t('DASHBOARD.SESSIONS'), t('DASHBOARD.SHARE')],
            rows:
              completion.started === 0
                ? []
                : funnel.map((bar) => [
                    bar.label,
                    f.number(bar.value),
                    f.percent(ratio(bar.value, completion.started)),
                  ]),
          }}
        />
        <ChartSection
          title={t('DASHBOARD.EMPTY_SEARCHES')}
          chart={
            <BarList
              bars={report.emptySearches.map((row) => ({
                key: row.query,
                label: row.query,
                value: row.count,
              }))}
              formatNumber={f.number}
            />
          }
          table={{
            columns: [t('DASHBOARD.QUERY'), t('DASHBOARD.COUNT')],
            rows: report.emptySearches.map((row) => [row.query, f.number(row.count)]),
          }}
        />
      </div>
      <section className={styles.section} aria-labelledby="dashboard-ads">
        <h2 id="dashboard-ads" className={styles.sectionTitle}>
          {t('DASHBOARD.ADS')}
        </h2>
        <dl className={styles.totals}>
          {[
            [t('DASHBOARD.SERVED'), f.number(ads.served)],
            [t('DASHBOARD.IMPRESSIONS'), f.number(ads.impressions)],
            [t('DASHBOARD.CLICKS'), f.number(ads.clicks)],
            [t('DASHBOARD.VIEWABLE_RATE'), f.percent(ads.viewableRate)],
          ].map(([term, value]) => (
            <div key={term} className={styles.total}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <ChartSection
        title={t('DASHBOARD.ADS_DAILY')}
        chart={
          <LineChart
            labels={ads.daily.map((row) => f.shortDay(row.day))}
            series={[
              { label: t('DASHBOARD.SERVED'), values: ads.daily.map((row) => row.served) },
              { label: t('DASHBOARD.IMPRESSIONS'), values: ads.daily.map((row) => row.impressions) },
              { label: t('DASHBOARD.CLICKS'), values: ads.daily.map((row) => row.clicks) },
            ]}
            formatNumber={f.number}
            rtl={rtl}
          />
        }
        table={{
          columns: [
            t('DASHBOARD.DAY'),
            t('DASHBOARD.SERVED'),
            t('DASHBOARD.IMPRESSIONS'),
            t('DASHBOARD.CLICKS'),
          ],
          rows: ads.daily.map((row) => [
            f.day(row.day),
            ...[row.served, row.impressions, row.clicks].map(f.number),
          ]),
        }}
      />
      <ChartSection
        title={t('DASHBOARD.ERRORS')}
        chart={
          <LineChart
            labels={report.errors.map((row) => f.shortDay(row.day))}
            series={[
              {
                label: t('DASHBOARD.PLAYBACK_ERRORS'),
                values: report.errors.map((row) => row.playbackErrors),
              },
              { label: t('DASHBOARD.CRASHES'), values: report.errors.map((row) => row.crashes) },
            ]}
            formatNumber={f.number}
            rtl={rtl}
          />
        }
        table={{
          columns: [t('DASHBOARD.DAY'), t('DASHBOARD.PLAYBACK_ERRORS'), t('DASHBOARD.CRASHES')],
          rows: report.errors.map((row) => [
            f.day(row.day),
            f.number(row.playbackErrors),
            f.number(row.crashes),
          ]),
        }}
      />
      <section className={styles.section} aria-labelledby="dashboard-crashes">
        <h2 id="dashboard-crashes" className={styles.sectionTitle}>
          {t('DASHBOARD.CRASH_LIST')}
        </h2>
        {report.crashes.length === 0 ? (
          <p className={styles.empty}>{t('DASHBOARD.NO_DATA')}</p>
        ) : (
          <div className={styles.tableWrap}>
            <Table
              caption={t('DASHBOARD.CRASH_LIST')}
              table={{
                columns: [
                  t('DASHBOARD.MESSAGE'),
                  t('DASHBOARD.ROUTE'),
                  t('DASHBOARD.RELEASE'),
                  t('DASHBOARD.COUNT'),
                  t('DASHBOARD.FIRST_SEEN'),
                  t('DASHBOARD.LAST_SEEN'),
                ],
                rows: report.crashes.map((row) => [
                  row.message,
                  row.route,
                  row.release,
                  f.number(row.count),
                  f.dateTime(row.firstSeen),
                  f.dateTime(row.lastSeen),
                ]),
              }}
            />
          </div>
        )}
      </section>
    </div>
  );
}
