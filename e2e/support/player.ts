import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { consentCookieScript } from './browser.js';
import type { BrowserSuite } from './suite.js';

/** The demo catalogue's titles and settings the player tests play (README, packages/content). */
export const TENANT = { customer: 'antenne', businessUnit: 'monde' };
export const V1 = '/v1/customer/antenne/businessunit/monde';
/** Free with ads (gratuit-pub), rated « déconseillé aux moins de 12 ans »: every step of the playlist. */
export const FREE_FILM = 'film-neige-sur-montreal';
/** Transactional (rental), and the demo household holds no ticket. */
export const RENTAL_FILM = 'film-douala-express';
/** Published in TN, FR, BE, CH, MA only. */
export const GEO_FILM = 'film-marathon-de-carthage';
/** A public address geolocated in the United States (a visitor there signs in with a pay-TV provider). */
export const US_ADDRESS = '8.8.8.8';
/** A public address geolocated in Canada (Université Laval), where GEO_FILM is not published. */
export const CA_ADDRESS = '132.203.0.1';
/** A public address geolocated in France. */
export const FR_ADDRESS = '90.0.0.1';
export const SERIES = 'serie-les-aventures-de-zou';
/** The demo subscriber's parental PIN (owner profile), README. */
export const PARENTAL_PIN = '1234';

/** Records, in the page, every phase/asset the player's <video> goes through. */
export const RECORD_PHASES = `
  window.__phases = [];
  new MutationObserver(() => {
    const video = document.querySelector('video[data-phase]');
    if (!video) return;
    const step = video.dataset.phase + ':' + (video.dataset.assetId || '');
    if (window.__phases[window.__phases.length - 1] !== step) window.__phases.push(step);
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase', 'data-asset-id'] });
`;
/** Collects, in the page, the Content-Security-Policy violations (the directive and what was blocked). */
export const RECORD_CSP = `
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));
`;
/** The visitor accepted cookies and advertising (ads need consent: SPEC-DECISIONS). */
export const CONSENT = consentCookieScript(['analytics', 'advertising']);

export const video = (page: Page) => page.locator('video[data-phase]');
export const phase = (page: Page) => video(page).getAttribute('data-phase');
export const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

export async function waitForContent(page: Page, timeout = 90_000): Promise<void> {
  await expect.poll(() => phase(page), { timeout, interval: 250 }).toBe('content');
}

/** The content's own frames are playing (not the bumper's or the ad's last state while it loads). */
export async function waitForContentPlaying(page: Page): Promise<void> {
  await waitForContent(page);
  await expect
    .poll(
      () =>
        video(page).evaluate(
          (v: HTMLVideoElement) => !v.ended && !v.paused && !v.seeking && v.readyState >= 3,
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** Moves the mouse over the player so the overlay shows its controls. */
export async function showControls(page: Page): Promise<void> {
  await page.mouse.move(640, 400);
  await page.mouse.move(660, 420);
}

/** Goes to `path` inside the app, as its router does (a resume, the route's progress), without a reload. */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The flows of the player tests that open pages of the suite's server. */
export function playerFlows(suite: BrowserSuite) {
  async function signInDemo(page: Page, profile: 'Démo' | 'Enfants' = 'Démo'): Promise<void> {
    await page.goto(`${suite.server.url}/login`);
    await page.getByLabel('Adresse e-mail').fill('demo@antenne.example');
    await page.getByLabel('Mot de passe', { exact: true }).fill('Antenne-demo-2026');
    await page.getByLabel('Mot de passe', { exact: true }).press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Qui regarde ?' }).waitFor();
    await page.getByRole('button', { name: profile }).click();
    await page.getByRole('heading', { level: 1, name: 'Accueil' }).waitFor();
  }

  async function openDetails(page: Page, assetId: string): Promise<void> {
    await page.goto(`${suite.server.url}/details/vod/${assetId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
  }
  return { signInDemo, openDetails };
}
