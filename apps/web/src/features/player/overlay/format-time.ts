/**
 * A playback time as players show it: m:ss under an hour, h:mm:ss from an hour on. Western
 * digits in every language, as timecodes are shown in Arabic interfaces too. Anything that is
 * not a finite, positive number (no metadata yet, live) reads 0:00.
 */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * A wall-clock time of a live stream (`20:45`): local time, 24-hour, Western digits in every
 * language (as the timecodes above).
 */
export function formatWallClock(ms: number, language: string): string {
  return new Intl.DateTimeFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    numberingSystem: 'latn',
  }).format(ms);
}
