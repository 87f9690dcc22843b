import { tagImages, t } from './common.js';
import { LOCALES, type Tag, type Texts } from './types.js';

/**
 * Tags. Ids are global keys, so classifier ids carry their scheme as a prefix
 * (`category:jeunesse`, `subcategory:comedie`, `keyword:ocean`, `origin:quebec`), the way the
 * spec's classifiers read them. Badge tags are in scheme `etiquette` with the ids the card
 * looks for: `nouveaute`, `new_episodes`, `new_season`.
 */

export const CATEGORIES = {
  jeunesse: t('Jeunesse', 'Kids', 'Kinder', 'Infantil', 'الأطفال'),
  documentaires: t('Documentaires', 'Documentaries', 'Dokumentationen', 'Documentales', 'وثائقيات'),
  fiction: t('Fiction', 'Drama series', 'Serien', 'Ficción', 'دراما'),
  cinema: t('Cinéma', 'Cinema', 'Kino', 'Cine', 'سينما'),
  information: t('Information', 'News', 'Nachrichten', 'Informativos', 'أخبار'),
  sport: t('Sport', 'Sport', 'Sport', 'Deportes', 'رياضة'),
  musique: t('Musique', 'Music', 'Musik', 'Música', 'موسيقى'),
  podcasts: t('Podcasts', 'Podcasts', 'Podcasts', 'Pódcasts', 'بودكاست'),
  humour: t('Humour', 'Comedy', 'Humor', 'Humor', 'فكاهة'),
  culture: t('Culture', 'Culture', 'Kultur', 'Cultura', 'ثقافة'),
  'art-de-vivre': t('Art de vivre', 'Lifestyle', 'Lebensart', 'Estilo de vida', 'فن العيش'),
  direct: t('En direct', 'Live', 'Live', 'En directo', 'مباشر'),
} satisfies Record<string, Texts>;
export type Category = keyof typeof CATEGORIES;

export const SUBCATEGORIES = {
  comedie: t('Comédie', 'Comedy', 'Komödie', 'Comedia', 'كوميديا'),
  drame: t('Drame', 'Drama', 'Drama', 'Drama', 'دراما اجتماعية'),
  policier: t('Policier', 'Crime', 'Krimi', 'Policíaco', 'بوليسي'),
  aventure: t('Aventure', 'Adventure', 'Abenteuer', 'Aventura', 'مغامرة'),
  histoire: t('Histoire', 'History', 'Geschichte', 'Historia', 'تاريخ'),
  nature: t('Nature', 'Nature', 'Natur', 'Naturaleza', 'طبيعة'),
  societe: t('Société', 'Society', 'Gesellschaft', 'Sociedad', 'مجتمع'),
  animation: t('Animation', 'Animation', 'Animation', 'Animación', 'رسوم متحركة'),
  jazz: t('Jazz et blues', 'Jazz and blues', 'Jazz und Blues', 'Jazz y blues', 'جاز وبلوز'),
  afropop: t('Afropop', 'Afropop', 'Afropop', 'Afropop', 'أفروبوب'),
  football: t('Football', 'Football', 'Fußball', 'Fútbol', 'كرة القدم'),
  voyage: t('Voyage', 'Travel', 'Reisen', 'Viajes', 'سفر'),
  romance: t('Romance', 'Romance', 'Liebesfilm', 'Romance', 'رومانسية'),
  thriller: t('Thriller', 'Thriller', 'Thriller', 'Suspense', 'إثارة'),
  cuisine: t('Cuisine', 'Cooking', 'Kochen', 'Cocina', 'طبخ'),
  'priorite-1': t(
    'À la une PRIORITÉ 1',
    'Featured PRIORITÉ 1',
    'Empfohlen PRIORITÉ 1',
    'Destacado PRIORITÉ 1',
    'مختارات PRIORITÉ 1',
  ),
} satisfies Record<string, Texts>;
export type Subcategory = keyof typeof SUBCATEGORIES;

export const ORIGINS = {
  quebec: t('Québec', 'Quebec', 'Quebec', 'Quebec', 'كيبيك'),
  senegal: t('Sénégal', 'Senegal', 'Senegal', 'Senegal', 'السنغال'),
  'cote-divoire': t("Côte d'Ivoire", 'Ivory Coast', 'Elfenbeinküste', 'Costa de Marfil', 'ساحل العاج'),
  belgique: t('Belgique', 'Belgium', 'Belgien', 'Bélgica', 'بلجيكا'),
  france: t('France', 'France', 'Frankreich', 'Francia', 'فرنسا'),
  suisse: t('Suisse', 'Switzerland', 'Schweiz', 'Suiza', 'سويسرا'),
  liban: t('Liban', 'Lebanon', 'Libanon', 'Líbano', 'لبنان'),
  tunisie: t('Tunisie', 'Tunisia', 'Tunesien', 'Túnez', 'تونس'),
  haiti: t('Haïti', 'Haiti', 'Haiti', 'Haití', 'هايتي'),
  rdc: t('RD Congo', 'DR Congo', 'DR Kongo', 'RD del Congo', 'الكونغو الديمقراطية'),
  maroc: t('Maroc', 'Morocco', 'Marokko', 'Marruecos', 'المغرب'),
  cameroun: t('Cameroun', 'Cameroon', 'Kamerun', 'Camerún', 'الكاميرون'),
} satisfies Record<string, Texts>;
export type Origin = keyof typeof ORIGINS;

/** Country code of each origin (production countries). */
export const ORIGIN_COUNTRY: Record<Origin, string> = {
  quebec: 'CA',
  senegal: 'SN',
  'cote-divoire': 'CI',
  belgique: 'BE',
  france: 'FR',
  suisse: 'CH',
  liban: 'LB',
  tunisie: 'TN',
  haiti: 'HT',
  rdc: 'CD',
  maroc: 'MA',
  cameroun: 'CM',
};

export const KEYWORDS = {
  ville: t('Ville', 'City', 'Stadt', 'Ciudad', 'مدينة'),
  famille: t('Famille', 'Family', 'Familie', 'Familia', 'عائلة'),
  mer: t('Mer', 'Sea', 'Meer', 'Mar', 'بحر'),
  jeunesse: t('Jeunesse', 'Youth', 'Jugend', 'Juventud', 'شباب'),
  exil: t('Exil', 'Exile', 'Exil', 'Exilio', 'منفى'),
  francophonie: t('Francophonie', 'French-speaking world', 'Frankophonie', 'Francofonía', 'الفرنكوفونية'),
} satisfies Record<string, Texts>;
export type Keyword = keyof typeof KEYWORDS;

export const BADGES = {
  nouveaute: t('Nouveauté', 'New', 'Neu', 'Novedad', 'جديد'),
  new_episodes: t('Nouveaux épisodes', 'New episodes', 'Neue Folgen', 'Nuevos episodios', 'حلقات جديدة'),
  new_season: t('Nouvelle saison', 'New season', 'Neue Staffel', 'Nueva temporada', 'موسم جديد'),
} satisfies Record<string, Texts>;
export type Badge = keyof typeof BADGES;

const tag = (scheme: string, tagId: string, titles: Texts, withImages: boolean): Tag => ({
  tagId,
  scheme,
  localized: LOCALES.map((locale) => ({
    locale,
    title: titles[locale],
    ...(withImages ? { images: tagImages(tagId) } : {}),
  })),
});

const entries = <T extends Record<string, Texts>>(table: T) => Object.entries(table) as [string, Texts][];

export function demoTags(): Tag[] {
  return [
    ...entries(CATEGORIES).map(([id, titles]) => tag('category', `category:${id}`, titles, true)),
    ...entries(SUBCATEGORIES).map(([id, titles]) => tag('subcategory', `subcategory:${id}`, titles, false)),
    ...entries(KEYWORDS).map(([id, titles]) => tag('keyword', `keyword:${id}`, titles, false)),
    ...entries(ORIGINS).map(([id, titles]) => tag('origin', `origin:${id}`, titles, true)),
    ...entries(BADGES).map(([id, titles]) => tag('etiquette', id, titles, false)),
  ];
}

export const categoryTag = (c: Category) => ({ scheme: 'category', tagId: `category:${c}` });
export const subcategoryTag = (s: Subcategory) => ({ scheme: 'subcategory', tagId: `subcategory:${s}` });
export const originTag = (o: Origin) => ({ scheme: 'origin', tagId: `origin:${o}` });
export const keywordTag = (k: Keyword) => ({ scheme: 'keyword', tagId: `keyword:${k}` });
export const badgeTag = (b: Badge) => ({ scheme: 'etiquette', tagId: b });
