import { createHash } from 'node:crypto';
import type { ImageContext, ImageRule } from './plan.js';

/**
 * The SVG of one demo image: a gradient in the title's hue, a geometric motif, the title
 * (DejaVu Sans Bold, wrapped onto up to three lines and sized to fit) and, on landscape
 * images, the type badge. Logos are the title alone on a transparent background. Backgrounds
 * are key art without any text (the hero and the details page write the title over them): the
 * motif and a focal disc on the right, the left darkened for the page's own text.
 */

const FONT = 'DejaVu Sans';
const LINE_HEIGHT = 1.15;

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Approximate advance of a character in DejaVu Sans Bold, in em (slightly generous). */
function charWidth(c: string): number {
  if (c === ' ' || c === '\u00a0') return 0.35;
  if ("iljtfrI'’.,:;!|()[]-".includes(c)) return 0.5;
  if ('mwMWŒœÆæ'.includes(c)) return 1.08;
  if (c >= '0' && c <= '9') return 0.72;
  if (c !== c.toLowerCase()) return 0.82;
  return 0.7;
}

export function textWidth(text: string): number {
  let width = 0;
  for (const c of text) width += charWidth(c);
  return width;
}

/** All ways to cut `words` into `n` non-empty consecutive lines. */
function* splits(words: string[], n: number, from = 0): Generator<string[]> {
  if (n === 1) {
    yield [words.slice(from).join(' ')];
    return;
  }
  for (let end = from + 1; end <= words.length - n + 1; end++) {
    const head = words.slice(from, end).join(' ');
    for (const rest of splits(words, n - 1, end)) yield [head, ...rest];
  }
}

export interface TitleLayout {
  lines: string[];
  fontSize: number;
}

/** Wraps a title onto 1–`maxLines` lines with the largest font that fits the box. */
export function fitTitle(
  title: string,
  box: { width: number; height: number; maxFont: number },
  maxLines = 3,
): TitleLayout {
  // French punctuation (« : », « ! ») never starts a line: glue it to the word before.
  const words = title
    .replace(/\s+([:;!?»])/g, '\u00a0$1')
    .split(/[ \t\n]+/)
    .filter((w) => w.length > 0);
  if (words.length === 0) return { lines: [''], fontSize: box.maxFont };
  let best: TitleLayout | undefined;
  for (let n = 1; n <= Math.min(maxLines, words.length); n++) {
    for (const lines of splits(words, n)) {
      const widest = Math.max(...lines.map(textWidth));
      const size = Math.min(box.maxFont, box.width / widest, box.height / (n * LINE_HEIGHT));
      if (best === undefined || size > best.fontSize + 0.01) best = { lines, fontSize: size };
    }
  }
  return best ?? { lines: [title], fontSize: box.maxFont };
}

/** A small deterministic PRNG (mulberry32) seeded from a string. */
function random(seed: string): () => number {
  let a = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The hue (0–359) of a seed: every image of one title shares it. */
export function hueOf(seed: string): number {
  return createHash('sha256').update(`hue:${seed}`).digest().readUInt16LE(0) % 360;
}

const r1 = (n: number) => Math.round(n * 10) / 10;

function motif(seed: string, w: number, h: number): string {
  const rnd = random(`motif:${seed}`);
  const kind = Math.floor(rnd() * 4);
  const m = Math.max(w, h);
  const shapes: string[] = [];
  if (kind === 0) {
    for (let i = 0; i < 4; i++) {
      const r = m * (0.12 + rnd() * 0.3);
      shapes.push(
        `<circle cx="${r1(rnd() * w)}" cy="${r1(rnd() * h * 0.7)}" r="${r1(r)}" fill-opacity="${r1(0.06 + rnd() * 0.1)}"/>`,
      );
    }
  } else if (kind === 1) {
    const step = m * (0.08 + rnd() * 0.08);
    for (let x = -h; x < w + h; x += step * 2) {
      shapes.push(
        `<polygon points="${r1(x)},0 ${r1(x + step)},0 ${r1(x + step - h)},${h} ${r1(x - h)},${h}" fill-opacity="0.07"/>`,
      );
    }
  } else if (kind === 2) {
    for (let i = 0; i < 5; i++) {
      const cx = rnd() * w;
      const cy = rnd() * h * 0.75;
      const s = m * (0.1 + rnd() * 0.25);
      const a = rnd() * Math.PI * 2;
      const pts = [0, 1, 2]
        .map((k) => {
          const t = a + (k * 2 * Math.PI) / 3;
          return `${r1(cx + s * Math.cos(t))},${r1(cy + s * Math.sin(t))}`;
        })
        .join(' ');
      shapes.push(`<polygon points="${pts}" fill-opacity="${r1(0.06 + rnd() * 0.1)}"/>`);
    }
  } else {
    const cx = r1(w * (0.55 + rnd() * 0.35));
    const cy = r1(h * (0.15 + rnd() * 0.35));
    for (let i = 1; i <= 6; i++) {
      shapes.push(
        `<circle cx="${cx}" cy="${cy}" r="${r1(m * 0.09 * i)}" fill="none" stroke="#fff" stroke-opacity="0.1" stroke-width="${r1(m * 0.025)}"/>`,
      );
    }
  }
  return `<g fill="#fff">${shapes.join('')}</g>`;
}

/**
 * Where a background's subject sits, as shares of its width and height: on the right, inside the
 * part a 16:9 crop keeps when the artwork is aligned to its right edge (a 2560×1080 background in
 * a 16:9 box shows its right 75 %).
 */
export const FOCAL_POINT = { x: 0.74, y: 0.44 } as const;

/** A background's subject (a glowing disc with rings at FOCAL_POINT) and the shade over its left part. */
function focal(seed: string, w: number, h: number, hue: number, hue2: number): string {
  const rnd = random(`focal:${seed}`);
  const cx = r1(w * FOCAL_POINT.x);
  const cy = r1(h * FOCAL_POINT.y);
  const r = h * (0.22 + rnd() * 0.06);
  const rings = [1.4, 1.8, 2.2]
    .map(
      (k, i) =>
        `<circle cx="${cx}" cy="${cy}" r="${r1(r * k)}" fill="none" stroke="hsl(${hue2},80%,72%)" stroke-opacity="${r1(0.35 - i * 0.1)}" stroke-width="${r1(h * 0.01)}"/>`,
    )
    .join('');
  return (
    `<defs><radialGradient id="f"><stop offset="0" stop-color="hsl(${hue},85%,80%)"/><stop offset="0.55" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${hue},70%,45%)" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="l" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.6"/><stop offset="0.5" stop-color="#000" stop-opacity="0"/></linearGradient></defs>` +
    `<circle cx="${cx}" cy="${cy}" r="${r1(r * 1.3)}" fill="url(#f)"/>${rings}` +
    `<rect width="${w}" height="${h}" fill="url(#l)"/>`
  );
}

function titleText(
  layout: TitleLayout,
  x: number,
  /** Baseline of the last line. */
  bottom: number,
  anchor: 'start' | 'middle',
  extra = '',
): string {
  const size = r1(layout.fontSize);
  const step = layout.fontSize * LINE_HEIGHT;
  const first = bottom - step * (layout.lines.length - 1);
  const spans = layout.lines
    .map((line, i) => `<tspan x="${r1(x)}" y="${r1(first + step * i)}">${escapeXml(line)}</tspan>`)
    .join('');
  return `<text font-family="${FONT}" font-weight="bold" font-size="${size}" text-anchor="${anchor}" fill="#fff"${extra}>${spans}</text>`;
}

function badge(label: string, x: number, y: number, size: number, hue: number): string {
  const pad = size * 0.6;
  const width = textWidth(label) * size + pad * 2;
  const height = size * 1.7;
  return (
    `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(width)}" height="${r1(height)}" rx="${r1(height / 2)}" fill="hsl(${hue},70%,12%)" fill-opacity="0.75"/>` +
    `<text x="${r1(x + pad)}" y="${r1(y + height * 0.7)}" font-family="${FONT}" font-weight="bold" font-size="${r1(size)}" fill="hsl(${hue},90%,80%)">${escapeXml(label)}</text>`
  );
}

export function imageSvg(rule: ImageRule, context: ImageContext): string {
  const { width: w, height: h } = rule;
  const hue = hueOf(context.seed);
  const hue2 = (hue + 35) % 360;
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`;

  if (rule.transparent) {
    const square = w === h;
    const box = square
      ? { width: w * 0.7, height: h * 0.5, maxFont: h * 0.2 }
      : { width: w * 0.94, height: h * 0.86, maxFont: h * 0.42 };
    const layout = fitTitle(context.title, box);
    const block = layout.fontSize * LINE_HEIGHT * layout.lines.length;
    const bottom = h / 2 + block / 2 - layout.fontSize * 0.42;
    const ring = square
      ? `<circle cx="${w / 2}" cy="${h / 2}" r="${r1(w * 0.46)}" fill="hsl(${hue},65%,30%)" fill-opacity="0.85" stroke="hsl(${hue2},80%,65%)" stroke-width="${r1(w * 0.025)}"/>`
      : '';
    const stroke = ` stroke="hsl(${hue},70%,18%)" stroke-width="${r1(layout.fontSize * 0.06)}" paint-order="stroke" stroke-linejoin="round"`;
    return `${open}${ring}${titleText(layout, w / 2, bottom, 'middle', stroke)}</svg>`;
  }

  const background =
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},65%,45%)"/><stop offset="1" stop-color="hsl(${hue2},60%,14%)"/>` +
    `</linearGradient><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/>` +
    `</linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>${motif(context.seed, w, h)}<rect width="${w}" height="${h}" fill="url(#s)"/>`;

  if (!rule.titled) return `${open}${background}${focal(context.seed, w, h, hue, hue2)}</svg>`;

  if (rule.kind === 'poster') {
    const layout = fitTitle(context.title, { width: w * 0.84, height: h * 0.3, maxFont: w * 0.13 });
    const brand = `<text x="${w / 2}" y="${r1(h * 0.07)}" font-family="${FONT}" font-weight="bold" font-size="${r1(w * 0.035)}" text-anchor="middle" fill="#fff" fill-opacity="0.7" letter-spacing="${r1(w * 0.008)}">ANTENNE MONDE</text>`;
    return `${open}${background}${brand}${titleText(layout, w / 2, h * 0.9, 'middle')}</svg>`;
  }

  // Landscape: the title bottom left, the badge above it.
  const areas = {
    cover: { width: 0.62, height: 0.32, maxFont: 0.12 },
    background: { width: 0.5, height: 0.34, maxFont: 0.13 },
    thumbnail: { width: 0.86, height: 0.42, maxFont: 0.16 },
  } as const;
  const area = areas[rule.kind === 'background' || rule.kind === 'thumbnail' ? rule.kind : 'cover'];
  const x = w * 0.06;
  const bottom = h * 0.86;
  const layout = fitTitle(context.title, {
    width: w * area.width,
    height: h * area.height,
    maxFont: h * area.maxFont,
  });
  const top = bottom - layout.fontSize * (LINE_HEIGHT * (layout.lines.length - 1) + 0.8);
  const badgeSize = h * (rule.kind === 'thumbnail' ? 0.06 : 0.045);
  const label =
    context.badge === undefined ? '' : badge(context.badge, x, top - badgeSize * 2.6, badgeSize, hue);
  return `${open}${background}${label}${titleText(layout, x, bottom, 'start')}</svg>`;
}
