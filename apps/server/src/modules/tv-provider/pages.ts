import { TV_PROVIDER_MESSAGE } from '@antenne/contract';
import { escapeHtml } from '../../lib/html.js';
import { testDistributorPaths } from './test-distributor.js';

/**
 * The test distributor's pages (issue 19): its sign-in form, the page that hands the media token
 * (or the refusal) to the app's window, its help page, the script those pages load (the app's CSP
 * is `script-src 'self'`: no inline script) and its logo. French or English by `?lang=`.
 */

export type PageLanguage = 'fr' | 'en';

export const pageLanguage = (lang: string | undefined): PageLanguage => (lang === 'en' ? 'en' : 'fr');

const TEXT = {
  fr: {
    title: 'TV Test (démo) — connexion',
    heading: 'Connectez-vous avec votre compte TV Test',
    intro:
      'Distributeur de démonstration servi par Antenne. Vos identifiants ne sont pas transmis à la chaîne.',
    username: "Nom d'utilisateur",
    password: 'Mot de passe',
    submit: 'Se connecter',
    INCORRECT_CREDENTIALS: "Nom d'utilisateur ou mot de passe incorrect.",
    TOO_MANY_ATTEMPTS: 'Trop de tentatives. Réessayez dans une minute.',
    NOT_SUBSCRIBED: "Votre abonnement TV Test n'inclut pas cette chaîne.",
    signedIn: 'Connexion réussie. Retour à Antenne…',
    helpTitle: 'TV Test (démo) — aide',
    help: "TV Test est un distributeur de démonstration. Son administrateur gère les abonnés avec « npm run tv-provider:subscriber ». En démo, l'abonné demo-us peut se connecter (voir le README).",
  },
  en: {
    title: 'TV Test (demo) — sign in',
    heading: 'Sign in with your TV Test account',
    intro: 'A demonstration distributor served by Antenne. Your credentials are not shared with the network.',
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
    INCORRECT_CREDENTIALS: 'Wrong username or password.',
    TOO_MANY_ATTEMPTS: 'Too many attempts. Try again in a minute.',
    NOT_SUBSCRIBED: 'Your TV Test package does not include this network.',
    signedIn: 'Signed in. Back to Antenne…',
    helpTitle: 'TV Test (demo) — help',
    help: 'TV Test is a demonstration distributor. Its administrator manages the subscribers with “npm run tv-provider:subscriber”. In the demo, the subscriber demo-us can sign in (see the README).',
  },
} as const;

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;background:#fff;color:#1a1a1a}
main{max-width:24rem;margin-inline:auto}h1{font-size:1.25rem}label{display:block;margin-block-start:1rem;font-weight:600}
input{display:block;inline-size:100%;box-sizing:border-box;padding:.5rem;margin-block-start:.25rem;font-size:1rem}
button{margin-block-start:1.5rem;padding:.6rem 1.2rem;font-size:1rem;background:#0b3d91;color:#fff;border:0;border-radius:.25rem}
button:focus-visible,input:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
.error{color:#a00000;font-weight:600}img{block-size:2.5rem}`;

function page(lang: PageLanguage, title: string, body: string, script = false): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style>${
    script ? `<script src="${testDistributorPaths.frameScript}" defer></script>` : ''
  }</head>
<body><main>${body}</main></body></html>`;
}

/** The sign-in form (again with `error` after a refused attempt; the username typed is kept). */
export function signInPage(
  lang: PageLanguage,
  options: { error?: 'INCORRECT_CREDENTIALS' | 'TOO_MANY_ATTEMPTS'; username?: string } = {},
): string {
  const t = TEXT[lang];
  const error =
    options.error === undefined
      ? ''
      : `<p class="error" role="alert" id="sign-in-error">${escapeHtml(t[options.error])}</p>`;
  const described = options.error === undefined ? '' : ' aria-describedby="sign-in-error"';
  return page(
    lang,
    t.title,
    `<img src="${testDistributorPaths.logo}" alt="TV Test">
<h1>${escapeHtml(t.heading)}</h1><p>${escapeHtml(t.intro)}</p>${error}
<form method="post" action="${testDistributorPaths.signIn}?lang=${lang}">
<label for="username">${escapeHtml(t.username)}</label>
<input id="username" name="username" autocomplete="username" required maxlength="64" value="${escapeHtml(
      options.username ?? '',
    )}"${described}>
<label for="password">${escapeHtml(t.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="256"${described}>
<button type="submit">${escapeHtml(t.submit)}</button>
</form>`,
  );
}

/**
 * The page after the distributor's answer: its script posts the TvProviderMessage (the media
 * token, or NOT_SUBSCRIBED) to `window.parent`, for the app's origin only.
 */
export function resultPage(
  lang: PageLanguage,
  result: { providerId: string; targetOrigin: string } & (
    { mediaToken: string } | { error: 'NOT_SUBSCRIBED' }
  ),
): string {
  const t = TEXT[lang];
  const message = 'mediaToken' in result ? t.signedIn : t.NOT_SUBSCRIBED;
  const data = [
    `data-provider-id="${escapeHtml(result.providerId)}"`,
    `data-target-origin="${escapeHtml(result.targetOrigin)}"`,
    'mediaToken' in result
      ? `data-media-token="${escapeHtml(result.mediaToken)}"`
      : `data-error="${escapeHtml(result.error)}"`,
  ].join(' ');
  return page(
    lang,
    t.title,
    `<h1>${escapeHtml(t.heading)}</h1><p id="tv-provider-result" role="status" ${data}${
      'error' in result ? ' class="error"' : ''
    }>${escapeHtml(message)}</p>`,
    true,
  );
}

export function helpPage(lang: PageLanguage): string {
  const t = TEXT[lang];
  return page(lang, t.helpTitle, `<h1>${escapeHtml(t.helpTitle)}</h1><p>${escapeHtml(t.help)}</p>`);
}

/** The result page's script: the message to the app's window, never to '*'. */
export const FRAME_SCRIPT = `(function () {
  var el = document.getElementById('tv-provider-result');
  if (!el || window.parent === window) return;
  var message = { type: ${JSON.stringify(TV_PROVIDER_MESSAGE)}, providerId: el.dataset.providerId };
  if (el.dataset.mediaToken) message.mediaToken = el.dataset.mediaToken;
  else message.error = el.dataset.error;
  window.parent.postMessage(message, el.dataset.targetOrigin);
})();
`;

export const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 48" role="img" aria-label="TV Test">
<rect width="160" height="48" rx="8" fill="#0b3d91"/>
<rect x="10" y="10" width="36" height="24" rx="3" fill="none" stroke="#fff" stroke-width="3"/>
<path d="M20 38h16" stroke="#fff" stroke-width="3" stroke-linecap="round"/>
<text x="56" y="31" font-family="system-ui,sans-serif" font-size="18" font-weight="700" fill="#fff">TV Test</text>
</svg>
`;
