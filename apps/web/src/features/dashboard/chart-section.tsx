import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './dashboard.module.css';

export interface DataTable {
  columns: readonly string[];
  /** Each row's first cell heads the row. */
  rows: readonly (readonly string[])[];
}

interface ChartSectionProps {
  title: string;
  /** The picture (hidden from assistive technologies: the table says the same). */
  chart: ReactNode;
  table: DataTable;
  /** Shown instead of the chart when the table has no row. */
  empty?: string;
}

/**
 * A titled chart with its table behind it (issue 17: each chart has a table). The table is always
 * in the page — a screen reader reaches it as a table with its caption — and the "show table"
 * button lays it out on screen for whoever would rather read the numbers.
 */
export function ChartSection({ title, chart, table, empty }: ChartSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [shown, setShown] = useState(false);
  const nothing = table.rows.length === 0;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionHead}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {title}
        </h2>
        {!nothing && (
          <button type="button" className={styles.toggle} onClick={() => setShown((value) => !value)}>
            {shown ? t('DASHBOARD.HIDE_TABLE') : t('DASHBOARD.SHOW_TABLE')}
          </button>
        )}
      </div>
      {nothing ? (
        <p className={styles.empty}>{empty ?? t('DASHBOARD.NO_DATA')}</p>
      ) : (
        <>
          {!shown && <div aria-hidden="true">{chart}</div>}
          <div className={shown ? styles.tableWrap : 'visually-hidden'}>
            <Table caption={title} table={table} />
          </div>
        </>
      )}
    </section>
  );
}

export function Table({ caption, table }: { caption: string; table: DataTable }) {
  return (
    <table className={styles.table}>
      {/* The table's name for assistive technologies; on screen, the section's heading says it. */}
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {table.columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row, r) => (
          <tr key={r}>
            {row.map((cell, c) =>
              // <bdi>: a route or a message keeps its own direction in an Arabic page.
              c === 0 ? (
                <th key={c} scope="row">
                  <bdi>{cell}</bdi>
                </th>
              ) : (
                <td key={c}>
                  <bdi>{cell}</bdi>
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
