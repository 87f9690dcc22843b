import styles from './dashboard.module.css';

export interface Bar {
  key: string;
  label: string;
  value: number;
}

/**
 * Horizontal bars, longest for the largest value (HTML and logical CSS: they grow from the inline
 * start, so right to left in Arabic). A picture only, as the line chart: the table holds the numbers.
 */
export function BarList({
  bars,
  formatNumber,
}: {
  bars: readonly Bar[];
  formatNumber(value: number): string;
}) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <ul className={styles.bars}>
      {bars.map((bar) => (
        <li key={bar.key} className={styles.barRow}>
          <span className={styles.barLabel}>{bar.label}</span>
          <span className={styles.barTrack}>
            <span className={styles.bar} style={{ inlineSize: `${(bar.value / max) * 100}%` }} />
          </span>
          <span className={styles.barValue}>{formatNumber(bar.value)}</span>
        </li>
      ))}
    </ul>
  );
}
