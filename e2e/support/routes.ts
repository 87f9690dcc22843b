/**
 * The route table of both spec parts (part 2 §2, part 1 §2) with the French <h1> each page
 * shows, and the accessible names of the shell's controls. /details/epg/{channelId#startMs} is
 * not here: its id must be a programme of the schedule's moving window (shell.test.ts finds one).
 */
export const ROUTES = {
  byPath: {
    '/': 'Accueil',
    '/vod/page-cinema': 'Cinéma',
    '/mosaic/bookmark': 'Continuer à regarder',
    '/details/vod/abc123': 'Détails',
    '/details/vod/redbee:abc123': 'Détails',
    '/search': 'Recherche',
    '/settings': 'Paramètres',
    '/login': 'Connexion',
    '/create-account': 'Créer un compte',
    '/player/abc123': 'Lecteur',
    '/player/abc123/120': 'Lecteur',
    '/csa': 'Signalétique jeunesse',
    // A visitor is asked to sign in first (spec part 1 §2), as on /mycontent.
    '/activation': 'Connexion',
    '/legal/conditions-d-utilisation': "Conditions d'utilisation",
    '/mycontent': 'Connexion',
  } as Record<string, string>,
  notFoundHeading: 'Page introuvable',
  topBarLinks: ['Antenne Accueil', 'Paramètres', 'Recherche', 'Mon compte'],
  logoLabel: 'Antenne Accueil',
  searchLabel: 'Recherche',
  burgerLabel: 'Menu',
};
