import { nice, ticks } from 'd3-array';
import { useEffect, useRef, useState, type RefObject } from 'react';
import styles from './dashboard.module.css';

export interface LineSeries {
  label: string;
  values: readonly number[];
}

interface LineChartProps {
  /** The x axis' labels (formatted days), one per value of each series. */
  labels: readonly string[];
  series: readonly LineSeries[];
  formatNumber(value: number): string;
  /** Right to left: time runs from the inline start (right) to the inline end (left). */
  rtl: boolean;
}

/** The drawing's width before its box is measured (and where ResizeObserver is missing). */
const DEFAULT_WIDTH = 640;
const HEIGHT = 220;
const TOP = 12;
const BOTTOM = 28;
const AXIS = 48;
const END = 16;
/** The room a day label takes under the axis ("26 oct.", "24 نوفمبر"), in pixels. */
const X_LABEL_ROOM = 90;
const TONES = [styles.tone1, styles.tone2, styles.tone3];

/**
 * Values over days as lines, drawn in SVG by hand (d3-array's `nice`/`ticks` for the value axis;
 * ADR 0036). A picture only: the section's table holds the same numbers for assistive
 * technologies, so the chart is hidden from them by its section.
 */
export function LineChart({ labels, series, formatNumber, rtl }: LineChartProps) {
  // Drawn at the box's own width in pixels: the labels keep their size on a phone and a wide screen.
  const box = useRef<HTMLDivElement>(null);
  const width = useBoxWidth(box);
  const plotStart = rtl ? END : AXIS;
  const plotEnd = rtl ? width - AXIS : width - END;
  // Day i at an even step along the plot; the first day at the inline start.
  const step = labels.length > 1 ? (plotEnd - plotStart) / (labels.length - 1) : 0;
  const x = (i: number) => (rtl ? plotEnd - i * step : plotStart + i * step);
  const [, top] = nice(0, Math.max(1, ...series.flatMap((s) => s.values)), 4);
  const y = (value: number) => HEIGHT - BOTTOM - (value / top) * (HEIGHT - BOTTOM - TOP);
  const axisTicks = ticks(0, top, 4).filter(Number.isInteger);
  const path = (values: readonly number[]) =>
    values.map((value, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(value).toFixed(1)}`).join('');
  const fit = Math.max(2, Math.floor((plotEnd - plotStart) / X_LABEL_ROOM));
  const every = Math.max(1, Math.ceil(labels.length / fit));
  const last = labels.length - 1;
  // Every `every`-th day and the last, none too close to the last.
  const showDay = (i: number) => i === last || (i % every === 0 && last - i >= every * 0.75);
  const axisX = rtl ? width - AXIS + 8 : AXIS - 8;
  // The first and last days' labels stay inside the drawing.
  const dayAnchor = (i: number) => {
    if (labels.length < 2 || (i > 0 && i < labels.length - 1)) return 'middle';
    return (i === 0) !== rtl ? 'start' : 'end';
  };
  return (
    <div className={styles.chart} ref={box}>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        width={width}
        height={HEIGHT}
        direction="ltr"
        className={styles.svg}
        focusable="false"
      >
        {axisTicks.map((tick) => (
          <g key={tick}>
            <line x1={plotStart} x2={plotEnd} y1={y(tick)} y2={y(tick)} className={styles.grid} />
            <text
              x={axisX}
              y={y(tick)}
              dy="0.32em"
              textAnchor={rtl ? 'start' : 'end'}
              className={styles.axis}
            >
              {formatNumber(tick)}
            </text>
          </g>
        ))}
        {labels.map((label, i) =>
          showDay(i) ? (
            <text key={i} x={x(i)} y={HEIGHT - 8} textAnchor={dayAnchor(i)} className={styles.axis}>
              {label}
            </text>
          ) : null,
        )}
        {series.map((s, n) => (
          <g key={s.label} className={TONES[n % TONES.length]}>
            <path d={path(s.values)} className={styles.line} />
            {labels.length <= 31 &&
              s.values.map((value, i) => (
                <circle key={i} cx={x(i)} cy={y(value)} r={3} className={styles.dot} />
              ))}
          </g>
        ))}
      </svg>
      <ul className={styles.legend}>
        {series.map((s, n) => (
          <li key={s.label}>
            <span className={`${styles.swatch} ${TONES[n % TONES.length]}`} />
            {s.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The width of `box` in CSS pixels, followed as it changes. */
function useBoxWidth(box: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = box.current;
    if (element === null || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);
  return width;
}
