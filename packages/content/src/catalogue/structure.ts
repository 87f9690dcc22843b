import { t } from './common.js';
import { trailerId, FILMS } from './films.js';
import { PODCASTS } from './podcasts.js';
import { SERIES } from './series.js';
import { CATEGORIES, type Category } from './tags.js';
import {
  LOCALES,
  type Action,
  type Component,
  type Config,
  type HeroItem,
  type MenuItem,
  type Presentation,
  type Reference,
  type Texts,
  type WlImage,
} from './types.js';

/**
 * The white-label structure of Antenne Monde: the config `sandwich`, the home page (a hero
 * banner and carousels), the category pages, the burger menu, the footer (item titles are
 * `Group | Item`, the footer groups by the part before the separator), the legal pages the
 * registration form links to (found by their French titles) and custom pages.
 */

const API = '/v1/customer/{customer}/businessunit/{businessUnit}';

/** A presentation: the French title as fallback, every locale localized. */
function presentation(
  title: Texts,
  extra: { subTitle?: Texts; body?: Partial<Texts>; images?: WlImage[]; trailerAssetId?: string } = {},
): Presentation {
  const item = (locale: (typeof LOCALES)[number]) => ({
    title: title[locale],
    ...(extra.subTitle === undefined ? {} : { subTitle: extra.subTitle[locale] }),
    ...(extra.body?.[locale] === undefined ? {} : { body: extra.body[locale] }),
    ...(extra.images === undefined ? {} : { images: extra.images }),
    ...(extra.trailerAssetId === undefined ? {} : { trailerAssetId: extra.trailerAssetId }),
  });
  return {
    fallback: item('fr'),
    localized: Object.fromEntries(LOCALES.map((locale) => [locale, item(locale)])),
  };
}

const ref = (
  appType: string,
  referenceId: string,
  name: string,
  more: Partial<Reference> = {},
): Reference => ({
  type: 'ComponentReference',
  appType,
  referenceId,
  name,
  ...more,
});

const pageAction = (componentId: string, url: string): Action => ({
  type: 'ComponentAction',
  verb: 'NavigateToPage',
  componentId,
  url,
});
/** An external link: Exposure's ExternalUrlAction (Red Bee's clients read `actions.default.url`). */
const externalAction = (url: string): Action => ({ type: 'ExternalUrlAction', verb: 'ExternalLink', url });
const detailsAction = (assetId: string): Action => ({
  type: 'AssetAction',
  verb: 'NavigateToDetails',
  assetId,
  slugs: [assetId],
});
const playAction = (assetId: string): Action => ({
  type: 'AssetAction',
  verb: 'PlayAsset',
  assetId,
  slugs: [assetId],
});

/**
 * An asset's artwork. The key art (`background`, 2560×1080) is tagged `main` too: the image a hero
 * banner shows (Red Bee's clients take a hero item's `main` image before anything else).
 */
const assetCover = (assetId: string): WlImage[] => [
  {
    url: `/images/assets/${assetId}/cover.png`,
    orientation: 'LANDSCAPE',
    tags: ['cover'],
    width: 1920,
    height: 1080,
  },
  {
    url: `/images/assets/${assetId}/background.png`,
    orientation: 'LANDSCAPE',
    tags: ['background', 'main'],
    width: 2560,
    height: 1080,
  },
  {
    url: `/images/assets/${assetId}/logo.png`,
    orientation: 'LANDSCAPE',
    tags: ['logo'],
    width: 800,
    height: 300,
  },
];

// ---------------------------------------------------------------- carousels

interface Lane {
  id: string;
  title: Texts;
  orientation: 'landscape' | 'portrait';
  /** Query-string of the asset list, or a user lane. */
  query?: string;
  user?: 'ContinueWatching' | 'Favourites';
}

/** A carousel's parameters, with the values Red Bee's clients know (`assetTitles` show|hide, `carouselNavigation` GO_TO_DETAILS|PLAY). */
const LANE_PARAMETERS = { assetTitles: 'show', carouselNavigation: 'GO_TO_DETAILS' };

function laneComponent(lane: Lane): Component {
  if (lane.user !== undefined) {
    const url =
      lane.user === 'ContinueWatching'
        ? `${API}/recommend/continue`
        : `${API}/preferences/list/favorites/asset`;
    return {
      id: lane.id,
      name: lane.title.fr,
      appType: 'carousel',
      appSubType: lane.user,
      presentation: presentation(lane.title),
      contentUrl: { type: lane.user, url, authorized: true },
      parameters: LANE_PARAMETERS,
    };
  }
  return {
    id: lane.id,
    name: lane.title.fr,
    appType: 'carousel',
    appSubType: 'TagsQuery',
    presentation: presentation(lane.title),
    contentUrl: {
      type: 'AssetQuery',
      // The whole asset (Exposure's clients ask for it: fieldSet defaults to PARTIAL on lists).
      url: `${API}/content/asset?${lane.query ? `${lane.query}&` : ''}fieldSet=ALL`,
      authorized: false,
    },
    parameters: LANE_PARAMETERS,
  };
}

const laneReference = (lane: Lane): Reference =>
  ref('carousel', lane.id, lane.title.fr, {
    ...(lane.user === undefined ? {} : { appSubType: lane.user }),
    // carouselLayout carousel|grid|list, density LOW|MEDIUM|HIGH (Exposure notes §9.3).
    parameters: { imageOrientation: lane.orientation, carouselLayout: 'carousel', density: 'MEDIUM' },
    hasAuthorizedContent: lane.user !== undefined,
  });

/* prettier-ignore */
export const HOME_LANES: Lane[] = [
  { id: 'home-continuer', orientation: 'landscape', user: 'ContinueWatching', title: t('Continuer à regarder', 'Continue watching', 'Weiterschauen', 'Seguir viendo', 'متابعة المشاهدة') },
  { id: 'home-favoris', orientation: 'portrait', user: 'Favourites', title: t('Mes favoris', 'My favourites', 'Meine Favoriten', 'Mis favoritos', 'مفضلاتي') },
  { id: 'home-nouveautes', orientation: 'portrait', query: 'query=tags.etiquette:nouveaute&sort=-created&pageSize=20', title: t('Nouveautés', 'New releases', 'Neuheiten', 'Novedades', 'الجديد') },
  { id: 'home-populaires', orientation: 'portrait', query: 'assetType=MOVIE&sort=-popularity&pageSize=20', title: t('Les films les plus vus', 'Most watched films', 'Die meistgesehenen Filme', 'Las películas más vistas', 'الأفلام الأكثر مشاهدة') },
  { id: 'home-series', orientation: 'landscape', query: 'assetType=TV_SHOW&sort=-created&pageSize=20', title: t('Séries à découvrir', 'Series to discover', 'Serien entdecken', 'Series para descubrir', 'مسلسلات لاكتشافها') },
  { id: 'home-cinema', orientation: 'portrait', query: 'query=tags.category:cinema&assetType=MOVIE&sort=-created&pageSize=20', title: t('Cinéma francophone', 'French-language cinema', 'Frankophones Kino', 'Cine francófono', 'السينما الفرنكوفونية') },
  { id: 'home-chaines', orientation: 'landscape', query: 'assetType=TV_CHANNEL&sort=-popularity&pageSize=10', title: t('Les chaînes en direct', 'Live channels', 'Live-Sender', 'Canales en directo', 'القنوات المباشرة') },
  { id: 'home-documentaires', orientation: 'landscape', query: 'query=tags.category:documentaires&sort=-created&pageSize=20', title: t('Documentaires', 'Documentaries', 'Dokumentationen', 'Documentales', 'وثائقيات') },
  { id: 'home-jeunesse', orientation: 'portrait', query: 'query=tags.category:jeunesse&sort=-created&pageSize=20', title: t('Pour les enfants', 'For kids', 'Für Kinder', 'Para los niños', 'للأطفال') },
  { id: 'home-musique', orientation: 'landscape', query: 'query=tags.category:musique&sort=-created&pageSize=20', title: t('Musiques du monde', 'World music', 'Weltmusik', 'Músicas del mundo', 'موسيقى العالم') },
  { id: 'home-sport', orientation: 'landscape', query: 'query=tags.category:sport&sort=-created&pageSize=20', title: t('Sport', 'Sport', 'Sport', 'Deportes', 'رياضة') },
  { id: 'home-humour', orientation: 'portrait', query: 'query=tags.category:humour&sort=-created&pageSize=20', title: t('Pour rire', 'For a laugh', 'Zum Lachen', 'Para reír', 'للضحك') },
  { id: 'home-podcasts', orientation: 'portrait', query: 'assetType=PODCAST&sort=-created&pageSize=20', title: t('Podcasts', 'Podcasts', 'Podcasts', 'Pódcasts', 'بودكاست') },
  { id: 'home-quebec', orientation: 'portrait', query: 'query=tags.origin:quebec&sort=-popularity&pageSize=20', title: t('Saveurs du Québec', 'A taste of Quebec', 'Quebec entdecken', 'Sabor de Quebec', 'نكهة كيبيك') },
  { id: 'home-afrique', orientation: 'landscape', query: 'query=tags.origin:senegal%20OR%20tags.origin:cote-divoire%20OR%20tags.origin:cameroun%20OR%20tags.origin:rdc&sort=-popularity&pageSize=20', title: t("Histoires d'Afrique", 'Stories from Africa', 'Geschichten aus Afrika', 'Historias de África', 'حكايات من أفريقيا') },
];

// ---------------------------------------------------------------- hero banners

/**
 * A hero-banner item as Exposure's ApiComponent has it: its own presentation, whose image tagged
 * `main` is the one shown, and `content` — for an item leading to a title, the title's own
 * presentation (`PresentationFromAsset`), which Red Bee's clients read when no `main` image is set.
 */
function heroItem(
  title: Texts,
  subTitle: Texts,
  action: Action,
  images: WlImage[],
  trailerAssetId?: string,
): HeroItem {
  const shown = images.some((image) => image.tags?.includes('main'))
    ? images
    : images.map((image, i) => (i === 0 ? { ...image, tags: [...(image.tags ?? []), 'main'] } : image));
  const own = presentation(title, {
    subTitle,
    images: shown,
    ...(trailerAssetId === undefined ? {} : { trailerAssetId }),
  });
  return {
    type: 'Component',
    appType: 'herobanner_item',
    appSubType:
      action.verb === 'ExternalLink' ? 'Link' : action.verb === 'NavigateToPage' ? 'Component' : 'Asset',
    presentation: own,
    content:
      action.assetId === undefined
        ? { type: 'PresentationFromAsset', presentation: own }
        : { type: 'PresentationFromAsset', presentation: assetPresentation(action.assetId) ?? own },
    actions: { default: action },
  };
}

/** A title's presentation as the catalogue has it: its localized titles and its artwork. */
function assetPresentation(assetId: string): Presentation | undefined {
  const source =
    FILMS.find((f) => f.id === assetId) ??
    SERIES.find((s) => s.id === assetId) ??
    PODCASTS.find((p) => p.id === assetId);
  return source === undefined ? undefined : presentation(source.title, { images: assetCover(assetId) });
}

const film = (id: string) => {
  const f = FILMS.find((x) => x.id === id);
  if (f === undefined) throw new Error(`unknown film ${id}`);
  return f;
};
const series = (id: string) => {
  const s = SERIES.find((x) => x.id === id);
  if (s === undefined) throw new Error(`unknown series ${id}`);
  return s;
};

const WATCH = t('Regarder maintenant', 'Watch now', 'Jetzt ansehen', 'Ver ahora', 'شاهد الآن');
const DISCOVER = t('À découvrir', 'Discover', 'Entdecken', 'Descubrir', 'اكتشف');

function homeHero(): Component {
  const ete = film('film-ete-a-dakar');
  const vent = film('film-vent-du-vieux-port');
  const rue = series('serie-rue-saint-denis');
  return {
    id: 'home-hero',
    name: 'À la une',
    appType: 'herobanner',
    presentation: presentation(t('À la une', 'Featured', 'Im Rampenlicht', 'Destacados', 'في الواجهة')),
    parameters: { autoplay: 'true', interval: '7000' },
    components: {
      heroBannerItems: [
        heroItem(ete.title, DISCOVER, detailsAction(ete.id), assetCover(ete.id), trailerId(ete.id)),
        heroItem(vent.title, WATCH, playAction(vent.id), assetCover(vent.id), trailerId(vent.id)),
        heroItem(
          rue.title,
          t('Nouvelle saison', 'New season', 'Neue Staffel', 'Nueva temporada', 'موسم جديد'),
          detailsAction(rue.id),
          assetCover(rue.id),
        ),
        heroItem(
          t(
            'Le monde des enfants',
            "The kids' world",
            'Die Welt der Kinder',
            'El mundo de los niños',
            'عالم الأطفال',
          ),
          t(
            'Dessins animés et aventures',
            'Cartoons and adventures',
            'Zeichentrick und Abenteuer',
            'Dibujos animados y aventuras',
            'رسوم متحركة ومغامرات',
          ),
          pageAction('page-jeunesse', '/vod/page-jeunesse'),
          [
            {
              url: '/images/tags/category-jeunesse/background.png',
              orientation: 'LANDSCAPE',
              tags: ['background'],
            },
          ],
        ),
        heroItem(
          t(
            'Le festival Antenne Monde',
            'The Antenne Monde festival',
            'Das Antenne-Monde-Festival',
            'El festival Antenne Monde',
            'مهرجان أنتان موند',
          ),
          t(
            'Programme et billetterie',
            'Programme and tickets',
            'Programm und Tickets',
            'Programa y entradas',
            'البرنامج والتذاكر',
          ),
          externalAction('https://festival.antenne-monde.example/'),
          [
            {
              url: '/images/structure/festival/background.png',
              orientation: 'LANDSCAPE',
              tags: ['background'],
            },
          ],
        ),
        heroItem(
          t(
            'Antenne Monde en direct',
            'Antenne Monde live',
            'Antenne Monde live',
            'Antenne Monde en directo',
            'أنتان موند مباشر',
          ),
          WATCH,
          playAction('chaine-antenne-monde'),
          assetCover('chaine-antenne-monde'),
        ),
      ],
    },
  };
}

// ---------------------------------------------------------------- category pages

/** The category pages of the burger menu, in menu order. */
export const CATEGORY_PAGES: Category[] = [
  'cinema',
  'fiction',
  'documentaires',
  'jeunesse',
  'information',
  'sport',
  'musique',
  'humour',
  'culture',
  'art-de-vivre',
];

const LATEST = t('Les plus récents', 'Latest', 'Neueste', 'Lo más reciente', 'الأحدث');
const POPULAR = t('Les plus populaires', 'Most popular', 'Am beliebtesten', 'Lo más popular', 'الأكثر شعبية');
const AZ = t('De A à Z', 'From A to Z', 'Von A bis Z', 'De la A a la Z', 'من الألف إلى الياء');

/** Titles featured in a category's hero: its films, series and podcasts. */
function featured(category: Category): string[] {
  return [
    ...SERIES.filter((s) => s.category === category).map((s) => s.id),
    ...FILMS.filter((f) => f.category === category && f.window === undefined).map((f) => f.id),
    ...(category === 'podcasts' ? PODCASTS.map((p) => p.id) : []),
  ].slice(0, 3);
}

function categoryPage(category: Category): Component[] {
  const title = CATEGORIES[category];
  const pageId = `page-${category}`;
  const heroId = `${pageId}-hero`;
  const query = category === 'podcasts' ? 'assetType=PODCAST' : `query=tags.category:${category}`;
  const lanes: Lane[] = [
    {
      id: `${pageId}-recents`,
      orientation: 'landscape',
      query: `${query}&sort=-created&pageSize=20`,
      title: LATEST,
    },
    {
      id: `${pageId}-populaires`,
      orientation: 'portrait',
      query: `${query}&sort=-popularity&pageSize=20`,
      title: POPULAR,
    },
    {
      id: `${pageId}-a-z`,
      orientation: 'portrait',
      query: `${query}&sort=localized.fr.sortingTitle&pageSize=50`,
      title: AZ,
    },
  ];
  const hero: Component = {
    id: heroId,
    name: `${title.fr} — à la une`,
    appType: 'herobanner',
    presentation: presentation(title),
    components: {
      heroBannerItems: featured(category).map((assetId, i) => {
        const source =
          SERIES.find((s) => s.id === assetId) ??
          FILMS.find((f) => f.id === assetId) ??
          PODCASTS.find((p) => p.id === assetId);
        const heading = source?.title ?? title;
        return heroItem(
          heading,
          i === 0 ? WATCH : DISCOVER,
          i === 0 ? playAction(assetId) : detailsAction(assetId),
          assetCover(assetId),
        );
      }),
    },
  };
  const page: Component = {
    id: pageId,
    name: title.fr,
    appType: 'page',
    presentation: presentation(title, {
      images: [{ url: `/images/tags/category-${category}/logo.png`, tags: ['logo'] }],
    }),
    components: {
      pageBody: [ref('herobanner', heroId, hero.name ?? title.fr), ...lanes.map(laneReference)],
    },
  };
  return [page, hero, ...lanes.map(laneComponent)];
}

// ---------------------------------------------------------------- text pages

interface TextPage {
  id: string;
  title: Texts;
  body: Partial<Texts> & { fr: string };
  /** legal pages open at /legal/{id}, custom pages at /vod/{id} */
  legal: boolean;
}

/* prettier-ignore */
const TEXT_PAGES: TextPage[] = [
  { id: 'conditions-d-utilisation', legal: true,
    title: t("Conditions d'utilisation", 'Terms of use', 'Nutzungsbedingungen', 'Condiciones de uso', 'شروط الاستخدام'),
    body: {
      fr: "# Conditions d'utilisation\n\nLe service Antenne Monde est édité par Antenne Monde SA, société de démonstration.\n\n## Accès au service\n\nL'accès aux programmes gratuits ne nécessite pas de compte. Certaines fonctions (favoris, reprise de lecture) demandent une inscription.\n\n## Droits\n\nLes programmes sont protégés par le droit d'auteur : toute copie ou rediffusion est interdite.",
      en: "# Terms of use\n\nThe Antenne Monde service is published by Antenne Monde SA, a demonstration company.\n\n## Access\n\nFree programmes need no account. Some features (favourites, resume playback) require registration.\n\n## Rights\n\nProgrammes are protected by copyright: any copy or rebroadcast is forbidden.",
    } },
  { id: 'gestion-des-donnees-personnelles', legal: true,
    title: t('Gestion des données personnelles', 'Personal data management', 'Verwaltung personenbezogener Daten', 'Gestión de datos personales', 'إدارة البيانات الشخصية'),
    body: {
      fr: "# Gestion des données personnelles\n\nNous ne collectons que les données nécessaires : adresse e-mail, préférences de langue, historique de lecture.\n\nVous pouvez à tout moment consulter, corriger ou supprimer vos données depuis la page Mon compte, ou en écrivant à donnees@antenne-monde.example.",
      en: "# Personal data management\n\nWe only collect the data we need: e-mail address, language preferences, viewing history.\n\nYou can view, correct or delete your data at any time from the My account page, or by writing to donnees@antenne-monde.example.",
    } },
  { id: 'informations-vie-privee', legal: true,
    title: t('Informations sur la vie privée', 'Privacy information', 'Datenschutzhinweise', 'Información sobre privacidad', 'معلومات حول الخصوصية'),
    body: {
      fr: "# Informations sur la vie privée\n\nLes mesures d'audience sont anonymisées. Aucune donnée n'est revendue à des tiers.\n\nLes cookies publicitaires ne sont déposés qu'avec votre accord.",
      en: "# Privacy information\n\nAudience measurement is anonymised. No data is sold to third parties.\n\nAdvertising cookies are only set with your consent.",
    } },
  { id: 'mentions-legales', legal: true,
    title: t('Mentions légales', 'Legal notice', 'Impressum', 'Aviso legal', 'إشعار قانوني'),
    body: { fr: "# Mentions légales\n\nAntenne Monde SA (société fictive de démonstration), 1 place de la Francophonie, 75000 Paris.\n\nDirectrice de la publication : Awa Diop. Hébergement : auto-hébergé." } },
  { id: 'gestion-des-cookies', legal: true,
    title: t('Gestion des cookies', 'Cookie settings', 'Cookie-Einstellungen', 'Gestión de cookies', 'إدارة ملفات تعريف الارتباط'),
    body: { fr: "# Gestion des cookies\n\nLes cookies techniques sont indispensables au fonctionnement du site. Les cookies de mesure et de publicité peuvent être refusés à tout moment." } },
  { id: 'qui-sommes-nous', legal: false,
    title: t('Qui sommes-nous ?', 'About us', 'Über uns', 'Quiénes somos', 'من نحن'),
    body: { fr: "# Qui sommes-nous ?\n\nAntenne Monde est la chaîne de démonstration d'un diffuseur francophone international : fiction, cinéma, information et podcasts de Dakar à Montréal.", en: "# About us\n\nAntenne Monde is the demonstration channel of an international French-language broadcaster: drama, cinema, news and podcasts from Dakar to Montreal." } },
  { id: 'nous-contacter', legal: false,
    title: t('Nous contacter', 'Contact us', 'Kontakt', 'Contacto', 'اتصل بنا'),
    body: { fr: "# Nous contacter\n\nÉcrivez-nous à contact@antenne-monde.example. Nous répondons sous deux jours ouvrés." } },
  { id: 'agenda-culturel', legal: false,
    title: t('Agenda culturel', 'Cultural calendar', 'Kulturkalender', 'Agenda cultural', 'الأجندة الثقافية'),
    body: { fr: "# Agenda culturel\n\nFestivals, concerts et expositions de l'espace francophone : le Fespaco à Ouagadougou, les Francofolies de Spa, le festival de jazz de Montréal." } },
  { id: 'programme-tv', legal: false,
    title: t('Programme TV', 'TV guide', 'TV-Programm', 'Programación', 'دليل البرامج'),
    body: { fr: "# Programme TV\n\nRetrouvez chaque jour la grille des six chaînes d'Antenne Monde, en direct et en replay pendant sept jours." } },
  { id: 'nos-partenaires', legal: false,
    title: t('Nos partenaires', 'Our partners', 'Unsere Partner', 'Nuestros socios', 'شركاؤنا'),
    body: { fr: "# Nos partenaires\n\nAntenne Monde travaille avec des chaînes publiques, des festivals et des écoles de cinéma de tout l'espace francophone." } },
];

const pageUrl = (page: TextPage) => (page.legal ? `/legal/${page.id}` : `/vod/${page.id}`);

function textPage(page: TextPage): Component[] {
  const textId = `${page.id}-texte`;
  return [
    {
      id: page.id,
      name: page.title.fr,
      appType: 'page',
      appSubType: page.legal ? 'Legal' : 'Custom',
      presentation: presentation(page.title),
      components: { pageBody: [ref('text', textId, page.title.fr)] },
    },
    {
      id: textId,
      name: page.title.fr,
      appType: 'text',
      presentation: presentation(page.title, { body: page.body }),
    },
  ];
}

/** A legal page with no body of its own: its text is the document at pageBody[0].referenceUrl. */
const CGV_TITLE = t(
  'Conditions générales de vente',
  'General terms of sale',
  'Allgemeine Verkaufsbedingungen',
  'Condiciones generales de venta',
  'الشروط العامة للبيع',
);
const CGV_URL = 'https://www.antenne-monde.example/legal/conditions-generales-de-vente.html';
function referenceOnlyPage(): Component[] {
  return [
    {
      id: 'conditions-generales-de-vente',
      name: CGV_TITLE.fr,
      appType: 'page',
      appSubType: 'Legal',
      presentation: presentation(CGV_TITLE),
      components: {
        pageBody: [
          ref('iframe', 'conditions-generales-de-vente-document', CGV_TITLE.fr, { referenceUrl: CGV_URL }),
        ],
      },
    },
    {
      id: 'conditions-generales-de-vente-document',
      name: CGV_TITLE.fr,
      appType: 'iframe',
      presentation: presentation(CGV_TITLE),
    },
  ];
}

// ---------------------------------------------------------------- menus

function menuItem(
  title: Texts,
  action: Action,
  appSubType = action.verb === 'ExternalLink' ? 'Link' : 'Component',
  images?: WlImage[],
): MenuItem {
  return {
    type: 'Component',
    appType: 'menuItem',
    appSubType,
    presentation: presentation(title, images === undefined ? {} : { images }),
    actions: { default: action },
  };
}

function mainMenu(): Component {
  return {
    id: 'main-menu',
    name: 'Menu principal',
    appType: 'menu',
    presentation: presentation(t('Menu', 'Menu', 'Menü', 'Menú', 'القائمة')),
    components: {
      menuItems: [
        menuItem(t('Accueil', 'Home', 'Startseite', 'Inicio', 'الرئيسية'), pageAction('home', '/')),
        ...CATEGORY_PAGES.map((c) =>
          menuItem(CATEGORIES[c], pageAction(`page-${c}`, `/vod/page-${c}`), 'Component', [
            { url: `/images/tags/category-${c}/logo.png`, tags: ['logo'] },
          ]),
        ),
        menuItem(CATEGORIES.podcasts, pageAction('page-podcasts', '/vod/page-podcasts'), 'Component', [
          { url: '/images/tags/category-podcasts/logo.png', tags: ['logo'] },
        ]),
        menuItem(
          t(
            'Antenne Monde Info',
            'Antenne Monde News',
            'Antenne Monde Nachrichten',
            'Antenne Monde Noticias',
            'أنتان موند الإخبارية',
          ),
          externalAction('https://info.antenne-monde.example/'),
          'Custom',
        ),
      ],
    },
  };
}

/** Footer groups (the part of an item title before ` | `). */
export const FOOTER_GROUPS = {
  univers: t("L'univers du réseau", 'The network', 'Das Netzwerk', 'El universo de la red', 'عالم الشبكة'),
  informations: t('Informations', 'Information', 'Informationen', 'Información', 'معلومات'),
  langue: t(
    'Langue française',
    'French language',
    'Französische Sprache',
    'Lengua francesa',
    'اللغة الفرنسية',
  ),
  culture: t('Culture', 'Culture', 'Kultur', 'Cultura', 'ثقافة'),
  programme: t('Programme TV', 'TV guide', 'TV-Programm', 'Programación', 'دليل البرامج'),
  cookies: t(
    'Gestion des cookies',
    'Cookie settings',
    'Cookie-Einstellungen',
    'Gestión de cookies',
    'إدارة ملفات تعريف الارتباط',
  ),
  partenaires: t('Partenaires', 'Partners', 'Partner', 'Socios', 'الشركاء'),
  legal: t(
    'Informations légales',
    'Legal information',
    'Rechtliche Hinweise',
    'Información legal',
    'معلومات قانونية',
  ),
  charte: t(
    'Charte données et cookies',
    'Data and cookie charter',
    'Daten- und Cookie-Charta',
    'Carta de datos y cookies',
    'ميثاق البيانات وملفات الارتباط',
  ),
  conditions: t(
    'Conditions générales',
    'General terms',
    'Allgemeine Bedingungen',
    'Condiciones generales',
    'الشروط العامة',
  ),
  social: t(
    'Réseaux sociaux',
    'Social networks',
    'Soziale Netzwerke',
    'Redes sociales',
    'الشبكات الاجتماعية',
  ),
} satisfies Record<string, Texts>;
export const FOOTER_SEPARATOR = ' | ';

function footerItem(group: Texts, title: Texts, action: Action): MenuItem {
  const joined = t(
    `${group.fr}${FOOTER_SEPARATOR}${title.fr}`,
    `${group.en}${FOOTER_SEPARATOR}${title.en}`,
    `${group.de}${FOOTER_SEPARATOR}${title.de}`,
    `${group.es}${FOOTER_SEPARATOR}${title.es}`,
    `${group.ar}${FOOTER_SEPARATOR}${title.ar}`,
  );
  return menuItem(joined, action, action.verb === 'ExternalLink' ? 'Link' : 'Component');
}

const textPageById = (id: string) => {
  const page = TEXT_PAGES.find((p) => p.id === id);
  if (page === undefined) throw new Error(`unknown page ${id}`);
  return page;
};
const toPage = (group: Texts, id: string) => {
  const page = textPageById(id);
  return footerItem(group, page.title, pageAction(page.id, pageUrl(page)));
};

const SOCIAL = [
  { name: 'Facebook', url: 'https://www.facebook.com/antennemonde.example' },
  { name: 'Instagram', url: 'https://www.instagram.com/antennemonde.example' },
  { name: 'YouTube', url: 'https://www.youtube.com/@antennemonde.example' },
  { name: 'X', url: 'https://x.com/antennemonde_example' },
];

function footer(): Component {
  const g = FOOTER_GROUPS;
  const name = (n: string) => t(n, n, n, n, n);
  return {
    id: 'footer',
    name: 'Pied de page',
    appType: 'footer',
    presentation: presentation(t('Pied de page', 'Footer', 'Fußzeile', 'Pie de página', 'تذييل الصفحة')),
    components: {
      menuItems: [
        footerItem(
          g.univers,
          t(
            'Antenne Monde Info',
            'Antenne Monde News',
            'Antenne Monde Nachrichten',
            'Antenne Monde Noticias',
            'أنتان موند الإخبارية',
          ),
          externalAction('https://info.antenne-monde.example/'),
        ),
        footerItem(
          g.univers,
          t(
            'Antenne Monde Afrique',
            'Antenne Monde Africa',
            'Antenne Monde Afrika',
            'Antenne Monde África',
            'أنتان موند أفريقيا',
          ),
          externalAction('https://afrique.antenne-monde.example/'),
        ),
        toPage(g.informations, 'qui-sommes-nous'),
        toPage(g.informations, 'nous-contacter'),
        footerItem(
          g.langue,
          t(
            'Apprendre le français',
            'Learn French',
            'Französisch lernen',
            'Aprender francés',
            'تعلم الفرنسية',
          ),
          externalAction('https://apprendre.antenne-monde.example/'),
        ),
        footerItem(
          g.langue,
          t('Le mot du jour', 'Word of the day', 'Wort des Tages', 'La palabra del día', 'كلمة اليوم'),
          externalAction('https://apprendre.antenne-monde.example/mot-du-jour'),
        ),
        toPage(g.culture, 'agenda-culturel'),
        toPage(g.programme, 'programme-tv'),
        toPage(g.cookies, 'gestion-des-cookies'),
        toPage(g.partenaires, 'nos-partenaires'),
        toPage(g.legal, 'mentions-legales'),
        toPage(g.legal, 'conditions-d-utilisation'),
        toPage(g.charte, 'gestion-des-donnees-personnelles'),
        toPage(g.charte, 'informations-vie-privee'),
        footerItem(
          g.conditions,
          CGV_TITLE,
          pageAction('conditions-generales-de-vente', '/legal/conditions-generales-de-vente'),
        ),
        ...SOCIAL.map((s) => footerItem(g.social, name(s.name), externalAction(s.url))),
      ],
      // Menu items whose action is an ExternalUrlAction (Red Bee's clients read `actions.default.url`).
      socialMediaLinks: SOCIAL.map((s) => menuItem(name(s.name), externalAction(s.url), 'Link')),
    },
  };
}

// ---------------------------------------------------------------- config and home

function config(): Config {
  return {
    id: 'sandwich',
    name: 'Antenne Monde',
    presentation: presentation(
      t('Antenne Monde', 'Antenne Monde', 'Antenne Monde', 'Antenne Monde', 'أنتان موند'),
      {
        images: [{ url: '/images/structure/antenne-monde/logo.png', tags: ['logo'] }],
      },
    ),
    components: {
      homePage: [ref('page', 'home', 'Accueil')],
      menu: [ref('menu', 'main-menu', 'Menu principal')],
      footer: [ref('footer', 'footer', 'Pied de page')],
    },
    parameters: {
      assetSearchTypes: 'MOVIE,TV_SHOW,EPISODE,PODCAST,PODCAST_EPISODE,CLIP,TV_CHANNEL',
      email: 'contact@antenne-monde.example',
      copyright: '© Antenne Monde — démonstration',
    },
    // Every key Red Bee's clients require of a theme (their IWLTheme), and the optional corners.
    theme: {
      dark: '#0B1220',
      light: '#F8FAFC',
      error: '#E5484D',
      success: '#30A46C',
      warning: '#F5A524',
      primaryTextColor: '#F8FAFC',
      secondaryTextColor: '#CBD5E1',
      primaryBackgroundColor: '#101828',
      secondaryBackgroundColor: '#1D2939',
      primaryBrandColor: '#E4572E',
      heroBannerTextColor: '#FFFFFF',
      corners: 'rounded',
    },
  };
}

function home(): Component {
  return {
    id: 'home',
    name: 'Accueil',
    appType: 'page',
    presentation: presentation(t('Accueil', 'Home', 'Startseite', 'Inicio', 'الرئيسية')),
    components: {
      pageBody: [ref('herobanner', 'home-hero', 'À la une'), ...HOME_LANES.map(laneReference)],
    },
  };
}

export function demoStructure(): { config: Config; components: Component[] } {
  return {
    config: config(),
    components: [
      home(),
      homeHero(),
      ...HOME_LANES.map(laneComponent),
      ...[...CATEGORY_PAGES, 'podcasts' as const].flatMap(categoryPage),
      mainMenu(),
      footer(),
      ...TEXT_PAGES.flatMap(textPage),
      ...referenceOnlyPage(),
    ],
  };
}
