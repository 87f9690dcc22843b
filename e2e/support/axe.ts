import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core with the WCAG 2.0, 2.1 and 2.2 A and AA rules. */
const axeFile = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * The WCAG A/AA violations of what `page` shows now (the first three nodes of each). axe is
 * injected as an inline script: the page's context needs `bypassCSP` (the app's CSP is
 * script-src 'self').
 */
export async function axeViolations(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ path: axeFile });
  const result = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as { axe: { run: (c: Document, o: unknown) => Promise<{ violations: Violation[] }> } }
    ).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: tags } });
  }, WCAG_TAGS);
  return result.violations.map(({ id, impact, help, nodes }) => ({
    id,
    impact,
    help,
    nodes: nodes
      .slice(0, 3)
      .map(({ target, failureSummary }) => ({ target, ...(failureSummary ? { failureSummary } : {}) })),
  }));
}
