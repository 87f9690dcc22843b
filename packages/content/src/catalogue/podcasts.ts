import { csa, CSA, dayAfter, localized, programmeFor, publication, t } from './common.js';
import { personId } from './films.js';
import {
  type Badge,
  badgeTag,
  categoryTag,
  type Origin,
  ORIGIN_COUNTRY,
  originTag,
  type Subcategory,
  subcategoryTag,
} from './tags.js';
import type { Asset, Texts } from './types.js';

/**
 * Podcasts. The import format only accepts a `tvShowId` that names a TV_SHOW (and seasons only
 * belong to TV_SHOWs), so a PODCAST_EPISODE cannot point at its PODCAST through `tvShowId`.
 * Each episode instead carries `season: 1` and its `episode` number, a linked entity
 * `{entityId: <podcast>, entityType: 'ASSET', linkType: 'PARENT'}` and `customData.podcastId`;
 * the podcast lists its episodes as linked entities with `linkType: 'EPISODE'`.
 */
interface Podcast {
  id: string;
  title: Texts;
  description: Texts;
  year: number;
  origin: Origin;
  subcategory: Subcategory;
  host: string;
  episodes: number;
  episodeMinutes: number;
  badge?: Badge;
  products?: string[];
}

/* prettier-ignore */
export const PODCASTS: Podcast[] = [
  { id: 'podcast-paroles-de-dakar', year: 2024, origin: 'senegal', subcategory: 'societe', host: 'Ndèye Fatou Kane', episodes: 4, episodeMinutes: 32, badge: 'new_episodes',
    title: t('Paroles de Dakar', 'Voices of Dakar', 'Stimmen aus Dakar', 'Voces de Dakar', 'أصوات داكار'),
    description: t("Chaque semaine, un habitant de Dakar raconte son métier, son quartier et ses rêves.", 'Every week, a Dakar resident talks about their job, neighbourhood and dreams.', 'Jede Woche erzählt ein Einwohner Dakars von seinem Beruf, seinem Viertel und seinen Träumen.', 'Cada semana, un vecino de Dakar habla de su oficio, su barrio y sus sueños.', 'كل أسبوع يحكي أحد سكان داكار عن مهنته وحيّه وأحلامه.') },
  { id: 'podcast-le-francais-en-partage', year: 2023, origin: 'france', subcategory: 'histoire', host: 'Bernard Cerquiglini Fils', episodes: 5, episodeMinutes: 15,
    title: t('Le Français en partage', 'Sharing French', 'Französisch teilen', 'El francés compartido', 'الفرنسية المشتركة'),
    description: t("L'histoire d'un mot ou d'une expression venue de Montréal, d'Abidjan ou de Lausanne.", 'The story of a word or phrase from Montreal, Abidjan or Lausanne.', 'Die Geschichte eines Wortes oder Ausdrucks aus Montreal, Abidjan oder Lausanne.', 'La historia de una palabra o expresión de Montreal, Abiyán o Lausana.', 'قصة كلمة أو عبارة قادمة من مونتريال أو أبيدجان أو لوزان.') },
  { id: 'podcast-afrique-economie', year: 2024, origin: 'cote-divoire', subcategory: 'societe', host: 'Konan Yao', episodes: 4, episodeMinutes: 20, products: ['rattrapage'],
    title: t('Afrique économie', 'Africa Economy', 'Wirtschaft Afrika', 'Economía África', 'اقتصاد أفريقيا'),
    description: t("Entrepreneurs, marchés et monnaies : l'actualité économique du continent décryptée.", 'Entrepreneurs, markets and currencies: the continent\'s economic news explained.', 'Unternehmer, Märkte und Währungen: die Wirtschaftsnachrichten des Kontinents erklärt.', 'Emprendedores, mercados y monedas: la actualidad económica del continente explicada.', 'رواد أعمال وأسواق وعملات: شرح الأخبار الاقتصادية للقارة.') },
  { id: 'podcast-les-nuits-du-jazz', year: 2022, origin: 'quebec', subcategory: 'jazz', host: 'Stanley Péan', episodes: 4, episodeMinutes: 55,
    title: t('Les Nuits du jazz', 'Jazz Nights', 'Jazznächte', 'Noches de jazz', 'ليالي الجاز'),
    description: t("Une heure de jazz commentée depuis un club de Montréal, avec des invités du monde entier.", 'An hour of jazz hosted from a Montreal club, with guests from around the world.', 'Eine Stunde Jazz aus einem Montrealer Club, mit Gästen aus aller Welt.', 'Una hora de jazz comentada desde un club de Montreal, con invitados de todo el mundo.', 'ساعة من الجاز يقدمها مذيع من نادٍ في مونتريال مع ضيوف من العالم كله.') },
  { id: 'podcast-memoires-du-levant', year: 2021, origin: 'liban', subcategory: 'histoire', host: 'Leila Assaf', episodes: 4, episodeMinutes: 28,
    title: t('Mémoires du Levant', 'Memories of the Levant', 'Erinnerungen an die Levante', 'Memorias del Levante', 'ذاكرة المشرق'),
    description: t("Des historiens racontent Beyrouth, Alep et Alexandrie à travers les objets du quotidien.", 'Historians tell the story of Beirut, Aleppo and Alexandria through everyday objects.', 'Historiker erzählen von Beirut, Aleppo und Alexandria anhand von Alltagsgegenständen.', 'Historiadores cuentan Beirut, Alepo y Alejandría a través de objetos cotidianos.', 'مؤرخون يروون بيروت وحلب والإسكندرية عبر أغراض الحياة اليومية.') },
  { id: 'podcast-contes-pour-s-endormir', year: 2024, origin: 'belgique', subcategory: 'animation', host: 'Marie Gillain Fils', episodes: 6, episodeMinutes: 10, badge: 'nouveaute', products: ['gratuit'],
    title: t("Contes pour s'endormir", 'Bedtime Tales', 'Gutenachtmärchen', 'Cuentos para dormir', 'حكايات قبل النوم'),
    description: t("Des contes d'Afrique, du Maghreb et des Antilles lus doucement pour les enfants.", 'Tales from Africa, the Maghreb and the Caribbean read softly for children.', 'Märchen aus Afrika, dem Maghreb und der Karibik, sanft für Kinder gelesen.', 'Cuentos de África, el Magreb y las Antillas leídos suavemente para los niños.', 'حكايات من أفريقيا والمغرب العربي وجزر الأنتيل تُقرأ بهدوء للأطفال.') },
  { id: 'podcast-vestiaire', year: 2023, origin: 'cameroun', subcategory: 'football', host: 'Patrick Mboma Fils', episodes: 4, episodeMinutes: 40,
    title: t('Le Vestiaire', 'The Locker Room', 'Die Kabine', 'El vestuario', 'غرفة الملابس'),
    description: t("Anciens joueurs et entraîneurs refont les grands matchs du football africain.", 'Former players and coaches replay the great matches of African football.', 'Ehemalige Spieler und Trainer lassen die großen Spiele des afrikanischen Fußballs aufleben.', 'Exjugadores y entrenadores repasan los grandes partidos del fútbol africano.', 'لاعبون ومدربون سابقون يعيدون رواية كبرى مباريات كرة القدم الأفريقية.') },
  { id: 'podcast-saveurs-d-haiti', year: 2022, origin: 'haiti', subcategory: 'cuisine', host: 'Josiane Célestin', episodes: 4, episodeMinutes: 18, products: ['abonnement'],
    title: t("Saveurs d'Haïti", 'Flavours of Haiti', 'Aromen Haitis', 'Sabores de Haití', 'نكهات هايتي'),
    description: t("Une cheffe de Port-au-Prince raconte l'histoire d'un plat et de ceux qui le cuisinent.", 'A Port-au-Prince chef tells the story of a dish and the people who cook it.', 'Eine Köchin aus Port-au-Prince erzählt die Geschichte eines Gerichts und seiner Köche.', 'Una chef de Puerto Príncipe cuenta la historia de un plato y de quienes lo cocinan.', 'طاهية من بورت أو برنس تروي قصة طبق ومن يطهونه.') },
];

/** Episode subjects: real words in each language. */
/* prettier-ignore */
const EPISODE_SUBJECTS: Texts[] = [
  t('Le fleuve', 'The river', 'Der Fluss', 'El río', 'النهر'),
  t('La radio', 'The radio', 'Das Radio', 'La radio', 'الإذاعة'),
  t("L'école", 'School', 'Die Schule', 'La escuela', 'المدرسة'),
  t('Le marché', 'The market', 'Der Markt', 'El mercado', 'السوق'),
  t('La musique', 'Music', 'Die Musik', 'La música', 'الموسيقى'),
  t('Le port', 'The harbour', 'Der Hafen', 'El puerto', 'الميناء'),
  t('La famille', 'Family', 'Die Familie', 'La familia', 'العائلة'),
  t('Le voyage', 'Travel', 'Das Reisen', 'El viaje', 'السفر'),
  t('La langue', 'Language', 'Die Sprache', 'La lengua', 'اللغة'),
  t('Le quartier', 'The neighbourhood', 'Das Viertel', 'El barrio', 'الحي'),
  t('La mer', 'The sea', 'Das Meer', 'El mar', 'البحر'),
  t('Le désert', 'The desert', 'Die Wüste', 'El desierto', 'الصحراء'),
];
const EPISODE_WORD = t('Épisode', 'Episode', 'Folge', 'Episodio', 'الحلقة');

/** `Le fleuve` → `au fleuve`, `La radio` → `à la radio`, `L'école` → `à l'école`. */
const toFr = (subject: string) => {
  const s = subject.charAt(0).toLowerCase() + subject.slice(1);
  if (s.startsWith('le ')) return `au ${s.slice(3)}`;
  if (s.startsWith('les ')) return `aux ${s.slice(4)}`;
  return `à ${s}`;
};

const episodeId = (podcast: Podcast, e: number) => `${podcast.id}-e${e}`;
const BASE_CREATED = '2024-03-01T08:00:00Z';

function podcastAsset(podcast: Podcast, n: number): Asset {
  return {
    assetId: podcast.id,
    type: 'PODCAST',
    slug: podcast.id,
    productionYear: podcast.year,
    productionCountries: [ORIGIN_COUNTRY[podcast.origin]],
    popularity: 30 + ((n * 11) % 40),
    localized: localized(podcast.id, podcast.title, podcast.description),
    tags: [
      categoryTag('podcasts'),
      subcategoryTag(podcast.subcategory),
      originTag(podcast.origin),
      ...(podcast.badge === undefined ? [] : [badgeTag(podcast.badge)]),
    ],
    parentalRatings: csa(CSA.TOUS_PUBLICS),
    participants: [{ personId: personId(podcast.host), name: podcast.host, function: 'host' }],
    linkedEntities: Array.from({ length: podcast.episodes }, (_, i) => ({
      entityId: episodeId(podcast, i + 1),
      entityType: 'ASSET',
      linkType: 'EPISODE',
    })),
    spokenLanguages: ['fr'],
    medias: [],
    publications: [publication(podcast.id, { products: podcast.products ?? ['gratuit-pub'] })],
    customData: { programme: programmeFor(n), audioOnly: true },
    created: dayAfter(BASE_CREATED, n * 9),
  };
}

function podcastEpisode(podcast: Podcast, n: number, e: number): Asset {
  const id = episodeId(podcast, e);
  const subject = EPISODE_SUBJECTS[(n * 3 + e - 1) % EPISODE_SUBJECTS.length] ?? EPISODE_SUBJECTS[0]!;
  const title = t(
    `${podcast.title.fr} : ${subject.fr.toLowerCase()}`,
    `${podcast.title.en}: ${subject.en.toLowerCase()}`,
    `${podcast.title.de}: ${subject.de}`,
    `${podcast.title.es}: ${subject.es.toLowerCase()}`,
    `${podcast.title.ar}: ${subject.ar}`,
  );
  const description = t(
    `${EPISODE_WORD.fr} ${e} de « ${podcast.title.fr} », consacré ${toFr(subject.fr)}.`,
    `${EPISODE_WORD.en} ${e} of "${podcast.title.en}", about ${subject.en.toLowerCase()}.`,
    `${EPISODE_WORD.de} ${e} von „${podcast.title.de}“ über ${subject.de.replace(/^Der /, 'den ').replace(/^Die /, 'die ').replace(/^Das /, 'das ')}.`,
    `${EPISODE_WORD.es} ${e} de «${podcast.title.es}», sobre ${subject.es.toLowerCase().replace(/^el /, 'el ')}.`,
    `${EPISODE_WORD.ar} ${e} من «${podcast.title.ar}» عن ${subject.ar}.`,
  );
  return {
    assetId: id,
    type: 'PODCAST_EPISODE',
    slug: id,
    season: 1,
    episode: e,
    productionYear: podcast.year,
    duration: podcast.episodeMinutes * 60_000,
    localized: localized(id, title, description),
    // No category tag: the podcasts lanes list the podcasts, not their episodes.
    parentalRatings: csa(CSA.TOUS_PUBLICS),
    participants: [{ personId: personId(podcast.host), name: podcast.host, function: 'host' }],
    linkedEntities: [{ entityId: podcast.id, entityType: 'ASSET', linkType: 'PARENT' }],
    spokenLanguages: ['fr'],
    medias: [],
    publications: [publication(id, { products: podcast.products ?? ['gratuit-pub'] })],
    customData: { programme: programmeFor(n + e), podcastId: podcast.id, audioOnly: true },
    created: dayAfter(BASE_CREATED, n * 9 + e),
  };
}

export function demoPodcasts(): Asset[] {
  return PODCASTS.map(podcastAsset);
}

export function demoPodcastEpisodes(): Asset[] {
  return PODCASTS.flatMap((podcast, n) =>
    Array.from({ length: podcast.episodes }, (_, i) => podcastEpisode(podcast, n, i + 1)),
  );
}
