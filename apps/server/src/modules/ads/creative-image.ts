import type { AdLanguage, HouseCreative } from './house-creatives.js';

/**
 * A house creative drawn as an SVG image of exactly `width` × `height` (the slot's size): its
 * colours, the headline wrapped to the box, the call to action on a button and the brand. Every
 * text is XML-escaped; Arabic is laid out right to left. An `<img>` never runs an SVG's scripts,
 * and this one has none.
 */

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** Words into lines of at most `maxChars` characters, at most `maxLines` (the last one cut with …). */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line === '' ? word : `${line} ${word}`;
    if (next.length <= maxChars || line === '') line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, Math.max(1, maxChars - 1))}…`;
  return kept;
}

export function renderCreativeSvg(
  creative: HouseCreative,
  width: number,
  height: number,
  language: AdLanguage,
): string {
  const copy = creative.copy[language];
  const rtl = language === 'ar';
  const { background, accent, text } = creative.colors;
  const banner = height <= 90;
  const pad = banner ? 8 : Math.round(Math.min(width, height) * 0.08);
  const headlineSize = banner ? 13 : Math.round(Math.min(width / 12, height / 7, 40));
  const ctaSize = banner ? 11 : Math.round(headlineSize * 0.6);
  const ctaWidth = Math.round(copy.cta.length * ctaSize * 0.62 + ctaSize * 2);
  const ctaHeight = Math.round(ctaSize * 2.2);
  // The headline's box: beside the button on a banner, above it otherwise.
  const textWidth = banner ? width - ctaWidth - pad * 3 : width - pad * 2;
  const maxChars = Math.max(8, Math.floor(textWidth / (headlineSize * 0.62)));
  const maxLines = banner
    ? 2
    : Math.max(1, Math.floor((height - pad * 3 - ctaHeight - headlineSize) / (headlineSize * 1.2)));
  const lines = wrapText(copy.headline, maxChars, maxLines);
  const start = rtl ? width - pad : pad;
  const anchor = 'start';
  const brandSize = banner ? 0 : Math.max(12, Math.round(headlineSize * 0.5));
  const firstLineY = banner
    ? Math.round(height / 2 - ((lines.length - 1) * headlineSize * 1.15) / 2 + headlineSize * 0.35)
    : pad + brandSize + Math.round(headlineSize * 1.4);
  const tspans = lines
    .map(
      (line, index) =>
        `<tspan x="${start}" y="${Math.round(firstLineY + index * headlineSize * 1.15)}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  const ctaX = banner ? (rtl ? pad : width - pad - ctaWidth) : rtl ? width - pad - ctaWidth : pad;
  const ctaY = banner ? Math.round((height - ctaHeight) / 2) : height - pad - ctaHeight;
  const dir = rtl ? ' direction="rtl"' : '';
  const brand = banner
    ? ''
    : `<text x="${start}" y="${pad + brandSize}" font-size="${brandSize}" font-weight="700" fill="${accent}" text-anchor="${anchor}"${dir}>ANTENNE</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" lang="${language}">`,
    `<title>${escapeXml(copy.alt)}</title>`,
    `<rect width="${width}" height="${height}" fill="${background}"/>`,
    `<rect x="${rtl ? width - 4 : 0}" width="4" height="${height}" fill="${accent}"/>`,
    `<g font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', sans-serif">`,
    brand,
    `<text font-size="${headlineSize}" font-weight="700" fill="${text}" text-anchor="${anchor}"${dir}>${tspans}</text>`,
    `<rect x="${ctaX}" y="${ctaY}" width="${ctaWidth}" height="${ctaHeight}" rx="${Math.round(ctaHeight / 2)}" fill="${accent}"/>`,
    `<text x="${ctaX + ctaWidth / 2}" y="${ctaY + ctaHeight / 2 + ctaSize * 0.35}" font-size="${ctaSize}" font-weight="700" fill="${background}" text-anchor="middle"${dir}>${escapeXml(copy.cta)}</text>`,
    `</g></svg>`,
  ].join('');
}
