import type { IngestProgress } from '../modules/media/ingest.js';

/** m:ss */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** A bar redrawn in place on a terminal; elsewhere (CI, pipes) one line per 10 %. */
export function progressReporter(label: string): { update: (p: IngestProgress) => void; finish: () => void } {
  const tty = process.stdout.isTTY === true;
  let lastDecile = -1;
  let drawn = false;
  return {
    update({ fraction, elapsedMs, etaMs }) {
      const percent = Math.floor(fraction * 100);
      const eta = etaMs === undefined ? '--:--' : formatDuration(etaMs);
      if (tty) {
        const width = 30;
        const filled = Math.round(fraction * width);
        const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
        process.stdout.write(
          `\r${label} [${bar}] ${String(percent).padStart(3)}%  elapsed ${formatDuration(elapsedMs)}  ETA ${eta} `,
        );
        drawn = true;
      } else {
        const decile = Math.floor(percent / 10);
        if (decile > lastDecile) {
          lastDecile = decile;
          console.log(`${label} ${decile * 10}%  elapsed ${formatDuration(elapsedMs)}  ETA ${eta}`);
        }
      }
    },
    finish() {
      if (drawn) process.stdout.write('\n');
      drawn = false;
    },
  };
}
