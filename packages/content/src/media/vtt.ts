import type { DemoCue } from './types.js';

/** A time in seconds as a WebVTT timestamp, hh:mm:ss.mmm. */
function timestamp(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** A WebVTT file of the cues: the header, then each cue numbered from 1. */
export function toWebVtt(cues: DemoCue[]): string {
  const body = cues
    .map((cue, i) => `${i + 1}\n${timestamp(cue.start)} --> ${timestamp(cue.end)}\n${cue.text}\n\n`)
    .join('');
  return `WEBVTT\n\n${body}`;
}
