import { escapeXml, fitTitle, textWidth, type TitleLayout } from '../images/svg.js';

/**
 * The demo media's overlays (plan.ts): SVG documents of 1280×720 drawn over each item's ffmpeg
 * pattern — programme and trailer cards, the brand and CSA bumpers, the ads.
 */

const W = 1280;
const H = 720;
const FONT = 'DejaVu Sans, Verdana, sans-serif';
const LINE_HEIGHT = 1.15;

const r1 = (n: number) => Math.round(n * 10) / 10;

/** An overlay document: 1280×720, transparent (no background rect). */
function svg(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}

interface TextOptions {
  anchor?: 'start' | 'middle' | 'end';
  fill?: string;
  /** Extra attributes, with a leading space. */
  extra?: string;
}

/** One line of bold text (escaped). */
function text(x: number, y: number, size: number, content: string, options: TextOptions = {}): string {
  const { anchor = 'middle', fill = '#fff', extra = '' } = options;
  return `<text x="${r1(x)}" y="${r1(y)}" font-family="${FONT}" font-weight="700" font-size="${r1(size)}" text-anchor="${anchor}" fill="${fill}"${extra}>${escapeXml(content)}</text>`;
}

/** The largest font size (≤ `maxFont`) at which one line of `content` fits `width`. */
function fitLine(content: string, width: number, maxFont: number): number {
  return Math.min(maxFont, width / Math.max(textWidth(content), 1));
}

/**
 * A title on one line, or on two balanced lines when one line would be small (SVG text does not
 * wrap): the largest font that fits `box`, the block's middle at `cy`.
 */
function titleLayout(title: string, box: { width: number; height: number; maxFont: number }): TitleLayout {
  const single = fitTitle(title, box, 1);
  const words = title.split(' ');
  if (single.fontSize >= box.maxFont * 0.75 || words.length < 2) return single;
  // The cut that makes the two lines the closest in width.
  let best = single;
  let bestDiff = Infinity;
  for (let cut = 1; cut < words.length; cut++) {
    const lines = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
    const widths = lines.map(textWidth);
    const diff = Math.abs((widths[0] ?? 0) - (widths[1] ?? 0));
    if (diff < bestDiff) {
      bestDiff = diff;
      const size = Math.min(box.maxFont, box.width / Math.max(...widths), box.height / (2 * LINE_HEIGHT));
      best = { lines, fontSize: size };
    }
  }
  return best.fontSize > single.fontSize ? best : single;
}

function titleBlock(
  title: string,
  cy: number,
  box: { width: number; height: number; maxFont: number },
): string {
  const layout = titleLayout(title, box);
  const size = layout.fontSize;
  const step = size * LINE_HEIGHT;
  // Baseline of the first line: centre the block, cap height ≈ 0.72 em.
  const first = cy - (step * (layout.lines.length - 1)) / 2 + size * 0.36;
  const shadow = ` stroke="#000" stroke-opacity="0.55" stroke-width="${r1(size * 0.05)}" paint-order="stroke" stroke-linejoin="round"`;
  return layout.lines.map((line, i) => text(W / 2, first + step * i, size, line, { extra: shadow })).join('');
}

/** A dark translucent rounded panel, so white text reads on any background. */
function panel(x: number, y: number, width: number, height: number, opacity = 0.55): string {
  return `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(width)}" height="${r1(height)}" rx="24" fill="#000" fill-opacity="${opacity}"/>`;
}

/** A bar in the item's colour. */
function accent(x: number, y: number, width: number, height: number, hue: number): string {
  return `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(width)}" height="${r1(height)}" rx="${r1(height / 2)}" fill="hsl(${hue},85%,60%)"/>`;
}

/** The small "ANTENNE" logo text, top left. */
function cornerLogo(hue: number): string {
  return (
    panel(32, 28, 262, 64, 0.45) +
    `<circle cx="64" cy="60" r="12" fill="hsl(${hue},85%,60%)"/>` +
    text(88, 73, 34, 'ANTENNE', { anchor: 'start', extra: ' letter-spacing="2"' })
  );
}

/** Programme title card: logo, genre, the title big, the demonstration line. */
export function programmeSvg(title: string, genre: string, hue: number): string {
  return svg(
    cornerLogo(hue) +
      panel(80, 170, 1120, 390) +
      text(W / 2, 222, 30, genre.toUpperCase(), {
        fill: `hsl(${hue},90%,78%)`,
        extra: ' letter-spacing="4"',
      }) +
      titleBlock(title, 345, { width: 1040, height: 200, maxFont: 110 }) +
      accent(540, 466, 200, 8, hue) +
      text(W / 2, 524, 34, 'Antenne Monde — programme de démonstration', { fill: '#e8e8e8' }),
  );
}

/** Trailer card: the "BANDE-ANNONCE" band, the title, "prochainement". */
export function trailerSvg(title: string, hue: number): string {
  const label = 'BANDE-ANNONCE';
  const size = 36;
  const bandWidth = textWidth(label) * size + 80;
  return svg(
    cornerLogo(hue) +
      `<rect x="${r1((W - bandWidth) / 2)}" y="170" width="${r1(bandWidth)}" height="64" rx="32" fill="hsl(${hue},80%,45%)" fill-opacity="0.9"/>` +
      text(W / 2, 215, size, label, { extra: ' letter-spacing="3"' }) +
      panel(80, 260, 1120, 300) +
      titleBlock(title, 375, { width: 1040, height: 180, maxFont: 104 }) +
      text(W / 2, 524, 34, 'Prochainement sur Antenne Monde', { fill: '#e8e8e8' }),
  );
}

/** The brand bumper: a stylised antenna sending waves, and the wordmark. */
export function brandSvg(hue: number): string {
  const cx = W / 2;
  const cy = 230;
  const colour = `hsl(${hue},85%,62%)`;
  // Three pairs of arcs (±40° around the horizontal) on each side of the antenna's tip.
  const waves = [56, 100, 144]
    .map((r, i) => {
      const dx = r1(r * Math.cos(Math.PI / 4.5));
      const dy = r1(r * Math.sin(Math.PI / 4.5));
      const style = `fill="none" stroke="${i === 1 ? colour : '#fff'}" stroke-width="14" stroke-linecap="round"`;
      return (
        `<path d="M ${cx - dx} ${cy - dy} A ${r} ${r} 0 0 0 ${cx - dx} ${cy + dy}" ${style}/>` +
        `<path d="M ${cx + dx} ${cy - dy} A ${r} ${r} 0 0 1 ${cx + dx} ${cy + dy}" ${style}/>`
      );
    })
    .join('');
  const mast =
    `<path d="M ${cx} ${cy + 20} L ${cx - 56} ${cy + 170} M ${cx} ${cy + 20} L ${cx + 56} ${cy + 170} M ${cx - 34} ${cy + 110} L ${cx + 34} ${cy + 110}" fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<circle cx="${cx}" cy="${cy}" r="22" fill="${colour}" stroke="#fff" stroke-width="6"/>`;
  return svg(
    panel(240, 40, 800, 640, 0.5) +
      waves +
      mast +
      text(cx, 520, fitLine('Antenne Monde', 760, 92), 'Antenne Monde') +
      accent(cx - 150, 550, 300, 8, hue) +
      text(cx, 610, 34, 'La francophonie en partage', { fill: '#e8e8e8' }),
  );
}

/** The French CSA signalétique: the white "-N" disc and its sentence, on a dark panel. */
export function csaSvg(age: 10 | 12 | 16): string {
  const cx = W / 2;
  const cy = 290;
  const sentence = `Déconseillé aux moins de ${age} ans`;
  const size = fitLine(sentence, 940, 50);
  const panelWidth = textWidth(sentence) * size + 100;
  return svg(
    `<circle cx="${cx}" cy="${cy}" r="168" fill="#000" fill-opacity="0.45"/>` +
      `<circle cx="${cx}" cy="${cy}" r="150" fill="#fff"/>` +
      text(cx, cy + 54, 150, `-${age}`, { fill: '#000', extra: ' letter-spacing="-4"' }) +
      panel((W - panelWidth) / 2, 500, panelWidth, 100, 0.65) +
      text(cx, 500 + 50 + size * 0.36, size, sentence),
  );
}

/** An ad: the brand big, its slogan, and the legal "PUBLICITÉ" label. */
export function adSvg(brand: string, slogan: string, hue: number): string {
  const sloganSize = fitLine(slogan, 1000, 44);
  return svg(
    panel(1060, 28, 192, 52, 0.55) +
      text(1156, 64, 26, 'PUBLICITÉ', { extra: ' letter-spacing="2"' }) +
      panel(100, 220, 1080, 300) +
      text(W / 2, 360, fitLine(brand, 1000, 120), brand, { fill: `hsl(${hue},90%,72%)` }) +
      accent(520, 395, 240, 8, hue) +
      text(W / 2, 465, sloganSize, slogan),
  );
}
