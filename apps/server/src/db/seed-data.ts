import {
  paths,
  type Action,
  type Component,
  type ComponentReference,
  type ConfigWeb,
  type ContractCountries,
  type MenuItem,
  type Presentation,
  type WlConfig,
} from '@antenne/contract';

/**
 * The small starting data of a fresh database: the web config, two contracts and the white-label
 * structure (sandwich config, home page, menu, footer, two legal pages). The catalogue issue
 * replaces this with the full demo catalogue.
 */

export interface SeedOptions {
  customer: string;
  businessUnit: string;
  version: string;
  now: Date;
}

/** House colours: a teal and a dark navy. */
export const BRAND = {
  teal: '#00A3A6',
  navy: '#0B1F3A',
  navyLight: '#12355B',
  white: '#FFFFFF',
  mist: '#B8C4D6',
} as const;

export function webConfigSeed({ customer, businessUnit, version }: SeedOptions): ConfigWeb {
  return {
    customer,
    businessUnit,
    exposureBaseUrl: '',
    version,
    design: {
      theme: {
        standard: {
          textColor: BRAND.white,
          backgroundColor: BRAND.navy,
          primaryColor: BRAND.teal,
          secondaryColor: BRAND.navyLight,
          logo: '/logo.svg',
        },
        custom: { homeMenu: { backgroundColor: BRAND.navy, highlightColor: BRAND.teal } },
      },
    },
    swimlanes: { maxItems: 10, viewabilityThreshold: 0.95 },
    avatars: [1, 2, 3, 4, 5, 6].map((n) => ({ id: `avatar-${n}`, url: `/avatars/avatar-${n}.svg` })),
    // Replaced at serve time by the enabled pay-TV distributors' list (modules/tv-provider, issue 19).
    provider: { enabled: false, helpUrl: '', providers: [] },
    analytics: { enabled: false, url: '' },
  };
}

export const CONTRACT_COUNTRIES_SEED: ContractCountries = [
  {
    id: 'francophonie',
    allowedCountries: [
      'FR',
      'BE',
      'CH',
      'LU',
      'MC',
      'CA',
      'SN',
      'CI',
      'CM',
      'MA',
      'TN',
      'DZ',
      'HT',
      'BJ',
      'BF',
      'ML',
      'NE',
      'TG',
      'GA',
      'CG',
      'CD',
      'MG',
      'RW',
      'BI',
      'DJ',
      'KM',
      'MU',
      'SC',
      'VU',
      'LB',
    ],
  },
  { id: 'europe-francophone', allowedCountries: ['FR', 'BE', 'CH', 'LU', 'MC', 'AD'] },
];

const titled = (fr: string, en: string, extra: Partial<Presentation['fallback']> = {}): Presentation => ({
  fallback: { title: fr, ...extra },
  localized: { fr: { title: fr }, en: { title: en } },
});

export function structureSeed(options: SeedOptions): { config: WlConfig; components: Component[] } {
  const { customer, businessUnit, now } = options;
  const tenant = { customer, businessUnit };
  const stamp = now.toISOString();
  const reference = (
    id: string,
    appType: string,
    name: string,
    parameters: Record<string, string> = {},
  ): ComponentReference => ({
    type: 'ComponentReference',
    name,
    appType,
    referenceId: id,
    referenceUrl: paths.wlComponent(tenant, id),
    parameters,
  });
  const toPage = (componentId: string, url: string): Action => ({
    type: 'ComponentAction',
    verb: 'NavigateToPage',
    componentId,
    url,
  });
  const item = (
    appSubType: 'Component' | 'Custom',
    presentation: Presentation,
    action: Action,
  ): MenuItem => ({
    appType: 'menuItem',
    appSubType,
    presentation,
    actions: { default: action },
  });
  const component = (c: Omit<Component, 'created' | 'changed'>): Component => ({
    ...c,
    created: stamp,
    changed: stamp,
  });

  const legalPage = (id: string, title: string, body: string): Component[] => [
    component({
      type: 'Component',
      id,
      name: title,
      appType: 'page',
      presentation: { fallback: { title } },
      components: { pageBody: [reference(`${id}-text`, 'text', title)] },
    }),
    component({
      type: 'Component',
      id: `${id}-text`,
      name: title,
      appType: 'text',
      presentation: { fallback: { title, body } },
    }),
  ];

  const components: Component[] = [
    component({
      type: 'Component',
      id: 'home',
      name: 'Accueil',
      appType: 'page',
      presentation: titled('Accueil', 'Home'),
      components: { pageBody: [reference('home-welcome', 'text', 'Bienvenue')] },
    }),
    component({
      type: 'Component',
      id: 'home-welcome',
      name: 'Bienvenue',
      appType: 'text',
      presentation: {
        fallback: {
          title: 'Bienvenue sur Antenne',
          body: 'La télévision francophone du monde entier : direct, replay et vidéo à la demande.',
        },
        localized: {
          en: {
            title: 'Welcome to Antenne',
            body: 'French-language television from around the world: live, catch-up and on demand.',
          },
        },
      },
    }),
    component({
      type: 'Component',
      id: 'main-menu',
      name: 'Menu principal',
      appType: 'menu',
      presentation: titled('Menu', 'Menu'),
      components: {
        menuItems: [
          item('Component', titled('Accueil', 'Home'), toPage('home', '/')),
          item('Custom', titled('Recherche', 'Search'), toPage('search', '/search')),
          item('Custom', titled('Ma liste', 'My list'), toPage('mycontent', '/mycontent')),
        ],
      },
    }),
    component({
      type: 'Component',
      id: 'footer',
      name: 'Pied de page',
      appType: 'footer',
      presentation: titled('Pied de page', 'Footer'),
      components: {
        menuItems: [
          item(
            'Component',
            titled('Informations légales | Mentions légales', 'Legal information | Legal notice'),
            toPage('mentions-legales', '/legal/mentions-legales'),
          ),
          item(
            'Component',
            titled(
              'Informations légales | Charte des données et des cookies',
              'Legal information | Data and cookie charter',
            ),
            toPage('charte-donnees', '/legal/charte-donnees'),
          ),
          item('Custom', titled('Aide | Nous contacter', 'Help | Contact us'), {
            type: 'ExternalUrlAction',
            verb: 'ExternalLink',
            url: 'mailto:contact@antenne.example',
          }),
        ],
        socialMediaLinks: [],
      },
    }),
    ...legalPage(
      'mentions-legales',
      'Mentions légales',
      'Antenne est un service de télévision en ligne. Éditeur : Antenne. Hébergement : auto-hébergé par le diffuseur.',
    ),
    ...legalPage(
      'charte-donnees',
      'Charte des données et des cookies',
      'Antenne ne dépose de cookies de mesure ou de publicité qu’avec votre consentement. Vous pouvez le retirer à tout moment.',
    ),
  ];

  const config: WlConfig = {
    id: 'sandwich',
    customer,
    businessUnit,
    name: 'Antenne',
    created: stamp,
    changed: stamp,
    presentation: {
      fallback: { title: 'Antenne', images: [{ url: '/logo.svg', tags: ['logo'] }] },
      localized: { fr: { title: 'Antenne' }, en: { title: 'Antenne' } },
    },
    components: {
      homePage: [reference('home', 'page', 'Accueil')],
      menu: [reference('main-menu', 'menu', 'Menu principal')],
      footer: [reference('footer', 'footer', 'Pied de page')],
    },
    parameters: {
      assetSearchTypes: 'MOVIE,TV_SHOW,EPISODE,TV_CHANNEL,PODCAST',
      email: 'contact@antenne.example',
      copyright: '© Antenne',
    },
    theme: {
      primaryBrandColor: BRAND.teal,
      primaryBackgroundColor: BRAND.navy,
      secondaryBackgroundColor: BRAND.navyLight,
      primaryTextColor: BRAND.white,
      secondaryTextColor: BRAND.mist,
      dark: BRAND.navy,
      light: BRAND.white,
      error: '#E5484D',
      success: '#30A46C',
      warning: '#F5A524',
      corners: 'rounded',
    },
  };
  return { config, components };
}
