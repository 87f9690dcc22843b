// Test fixtures for the shell's tests (menu and footer components the structure points at).
import { paths, type Component, type MenuItem, type WlConfig } from '@antenne/contract';
import { config, json, structure, type Handler } from '../../../test/fetch-mock';

const item = (title: string, action: MenuItem['actions']['default'], en?: string): MenuItem => ({
  appType: 'menuItem',
  presentation: { fallback: { title }, ...(en ? { localized: { en: { title: en } } } : {}) },
  actions: { default: action },
});
const page = (componentId: string, url = `/vod/${componentId}`) => ({
  type: 'ComponentAction',
  verb: 'NavigateToPage',
  componentId,
  url,
});
const external = (url: string) => ({ type: 'ExternalUrlAction', verb: 'ExternalLink', url });

export const menuComponent: Component = {
  type: 'Component',
  id: 'main-menu',
  appType: 'menu',
  components: {
    menuItems: [
      item('Accueil', page('home', '/')),
      item('Cinéma', page('page-cinema'), 'Cinema'),
      item('Podcasts', page('page-podcasts')),
      item('Antenne Monde Info', external('https://info.example/')),
      item('Été à Dakar', { type: 'AssetAction', verb: 'NavigateToDetails', assetId: 'film-ete' }),
    ],
  },
};

export const footerComponent: Component = {
  type: 'Component',
  id: 'footer',
  appType: 'footer',
  components: {
    menuItems: [
      item("L'univers du réseau | Antenne Monde Info", external('https://info.example/')),
      item('Informations | Qui sommes-nous ?', page('qui-sommes-nous')),
      item('Informations | Nous contacter', page('nous-contacter')),
      item(
        'Gestion des cookies | Gestion des cookies',
        page('gestion-des-cookies', '/legal/gestion-des-cookies'),
      ),
      item('Informations légales | Mentions légales', page('mentions-legales', '/legal/mentions-legales')),
      item('Réseaux sociaux | Facebook', external('https://facebook.example/antenne')),
    ],
    socialMediaLinks: [
      item('Facebook', external('https://facebook.example/antenne')),
      item('YouTube', external('https://youtube.example/antenne')),
    ],
  },
};

const reference = (appType: string, referenceId: string) => ({
  type: 'ComponentReference',
  appType,
  referenceId,
  referenceUrl: `/component/${referenceId}`,
});

export const shellStructure: WlConfig = {
  ...structure,
  components: {
    ...structure.components,
    menu: [reference('menu', 'main-menu')],
    footer: [reference('footer', 'footer')],
  },
};

/** The structure with a menu and a footer, and their components. */
export function shellHandlers(): Record<string, Handler> {
  return {
    [paths.wlConfig(config)]: () => json(shellStructure),
    [paths.wlComponent(config, 'main-menu')]: () => json(menuComponent),
    [paths.wlComponent(config, 'footer')]: () => json(footerComponent),
  };
}
