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
