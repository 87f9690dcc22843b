import type { Design } from '@antenne/contract';

/**
 * The config's design theme as CSS custom properties on the root element, so every CSS
 * module reads `var(--color-…)`. Defaults for the time before the config arrives are in
 * src/app/global.css.
 */
export function themeProperties(design: Design): Record<string, string> {
  const { standard, custom } = design.theme;
  return {
    '--color-text': standard.textColor,
    '--color-background': standard.backgroundColor,
    '--color-primary': standard.primaryColor,
    '--color-on-primary': readableOn(standard.primaryColor),
    '--color-secondary': standard.secondaryColor,
    '--color-menu-background': custom.homeMenu.backgroundColor,
    '--color-menu-highlight': custom.homeMenu.highlightColor,
  };
}

export function applyTheme(design: Design, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeProperties(design))) root.style.setProperty(name, value);
  const meta = root.ownerDocument.querySelector('meta[name="theme-color"]');
  meta?.setAttribute('content', design.theme.standard.secondaryColor);
}

/** The WCAG relative luminance of a #rgb / #rrggbb colour; undefined for anything else. */
function luminance(color: string): number | undefined {
  const hex = /^#([\da-f]{3}|[\da-f]{6})$/i.exec(color.trim())?.[1];
  if (hex === undefined) return undefined;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r = 0, g = 0, b = 0] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Black or white, whichever reads better on `background` (text on a primary-coloured button). */
export function readableOn(background: string): string {
  const l = luminance(background);
  if (l === undefined) return '#000';
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000' : '#fff';
}
