import { csa, CSA, type CsaRating, dayAfter, localized, programmeFor, publication, t } from './common.js';
import { personId } from './films.js';
import {
  badgeTag,
  type Badge,
  type Category,
  categoryTag,
  type Origin,
  ORIGIN_COUNTRY,
  originTag,
  type Subcategory,
  subcategoryTag,
} from './tags.js';
import { LOCALES, type Asset, type Season, type Texts } from './types.js';

/** A series: its texts once, then its facts; episodes are generated from EPISODE_TITLES. */
interface Series {
  id: string;
  title: Texts;
  description: Texts;
  year: number;
  origin: Origin;
  category: Category;
  subcategory: Subcategory;
  rating: CsaRating;
  director: string;
  cast: string[];
  seasons: number;
  episodesPerSeason: number;
  episodeMinutes: number;
  badge?: Badge;
  products?: string[];
  countries?: string[];
}

const { TOUS_PUBLICS: TP, MOINS_10: M10, DECONSEILLE_12: D12, INTERDIT_12: I12, MOINS_16: M16 } = CSA;

/* prettier-ignore */
export const SERIES: Series[] = [
  { id: 'serie-rue-saint-denis', year: 2023, origin: 'quebec', category: 'fiction', subcategory: 'comedie', rating: TP, director: 'Louise Archambault', cast: ['Nadia Bélanger', 'Rachid Badouri'], seasons: 3, episodesPerSeason: 4, episodeMinutes: 26, badge: 'new_season',
    title: t('Rue Saint-Denis', 'Saint-Denis Street', 'Rue Saint-Denis', 'Calle Saint-Denis', 'شارع سان دوني'),
    description: t("Les voisins d'un immeuble du Plateau à Montréal partagent leurs joies, leurs dettes et leur balcon.", 'The neighbours of a Plateau building in Montreal share their joys, debts and balcony.', 'Die Nachbarn eines Hauses im Montrealer Plateau teilen Freuden, Schulden und ihren Balkon.', 'Los vecinos de un edificio del Plateau en Montreal comparten alegrías, deudas y balcón.', 'جيران عمارة في حي البلاتو في مونتريال يتقاسمون أفراحهم وديونهم وشرفتهم.') },
  { id: 'serie-commissariat-du-plateau', year: 2022, origin: 'senegal', category: 'fiction', subcategory: 'policier', rating: I12, director: 'Ousmane Sembène Fils', cast: ['Mariama Gassama', 'Abdou Ndiaye'], seasons: 2, episodesPerSeason: 4, episodeMinutes: 52, badge: 'new_episodes',
    title: t('Commissariat du Plateau', 'Plateau Police Station', 'Kommissariat Plateau', 'Comisaría del Plateau', 'مخفر البلاتو'),
    description: t("Au cœur de Dakar, une équipe de policiers résout les affaires les plus étranges de la capitale.", 'In the heart of Dakar, a police squad solves the capital\'s strangest cases.', 'Im Herzen Dakars löst ein Polizeiteam die seltsamsten Fälle der Hauptstadt.', 'En el corazón de Dakar, un equipo de policías resuelve los casos más extraños de la capital.', 'في قلب داكار يحل فريق من الشرطة أغرب قضايا العاصمة.') },
  { id: 'serie-les-heritiers-d-abidjan', year: 2024, origin: 'cote-divoire', category: 'fiction', subcategory: 'drame', rating: D12, director: 'Owell Brown', cast: ['Naky Sy Savané', 'Konnie Touré'], seasons: 2, episodesPerSeason: 5, episodeMinutes: 45, badge: 'new_episodes', products: ['abonnement'],
    title: t("Les Héritiers d'Abidjan", 'The Heirs of Abidjan', 'Die Erben von Abidjan', 'Los herederos de Abiyán', 'ورثة أبيدجان'),
    description: t("À la mort du patriarche, une famille de négociants en cacao se déchire pour l'empire familial.", 'When the patriarch dies, a family of cocoa traders tears itself apart over the empire.', 'Nach dem Tod des Patriarchen zerstreitet sich eine Kakaohändlerfamilie um das Imperium.', 'A la muerte del patriarca, una familia de comerciantes de cacao se desgarra por el imperio.', 'بعد وفاة الأب تتصارع عائلة من تجار الكاكاو على إمبراطوريتها.') },
  { id: 'serie-brigade-midi', year: 2021, origin: 'belgique', category: 'fiction', subcategory: 'policier', rating: M16, director: 'Frédéric Fonteyne', cast: ['Lubna Azabal', 'Bouli Lanners Fils'], seasons: 2, episodesPerSeason: 4, episodeMinutes: 50,
    title: t('Brigade Midi', 'Midi Squad', 'Brigade Midi', 'Brigada Midi', 'فرقة ميدي'),
    description: t("Une brigade de la gare du Midi traque les réseaux qui traversent Bruxelles chaque nuit.", 'A squad at Brussels-Midi station tracks the networks crossing the city every night.', 'Eine Brigade am Bahnhof Brüssel-Süd jagt die Netzwerke, die jede Nacht die Stadt durchqueren.', 'Una brigada de la estación de Bruselas-Midi persigue las redes que cruzan la ciudad cada noche.', 'فرقة في محطة ميدي تطارد الشبكات التي تعبر بروكسل كل ليلة.') },
  { id: 'serie-la-corniche', year: 2023, origin: 'liban', category: 'fiction', subcategory: 'romance', rating: D12, director: 'Nadine Labaki Fils', cast: ['Cyrine Abdelnour', 'Badih Abou Chakra'], seasons: 2, episodesPerSeason: 4, episodeMinutes: 40, countries: ['LB', 'FR', 'BE', 'CH', 'CA'],
    title: t('La Corniche', 'The Corniche', 'Die Corniche', 'La Corniche', 'الكورنيش'),
    description: t("Sur la corniche de Beyrouth, un café accueille les amours et les secrets de trois générations.", 'On the Beirut seafront, a café hosts the loves and secrets of three generations.', 'An der Strandpromenade von Beirut birgt ein Café die Lieben und Geheimnisse dreier Generationen.', 'En el paseo marítimo de Beirut, un café acoge los amores y secretos de tres generaciones.', 'على كورنيش بيروت يحتضن مقهى قصص حب وأسرار ثلاثة أجيال.') },
  { id: 'serie-hotel-carthage', year: 2022, origin: 'tunisie', category: 'fiction', subcategory: 'comedie', rating: TP, director: 'Moncef Dhouib', cast: ['Lotfi Abdelli', 'Dorra Zarrouk'], seasons: 2, episodesPerSeason: 4, episodeMinutes: 30,
    title: t('Hôtel Carthage', 'Hotel Carthage', 'Hotel Karthago', 'Hotel Cartago', 'فندق قرطاج'),
    description: t("Un hôtel de Hammamet en faillite tente de sauver sa saison avec des clients impossibles.", 'A bankrupt Hammamet hotel tries to save its season with impossible guests.', 'Ein bankrottes Hotel in Hammamet versucht, mit unmöglichen Gästen seine Saison zu retten.', 'Un hotel en quiebra de Hammamet intenta salvar su temporada con clientes imposibles.', 'فندق مفلس في الحمامات يحاول إنقاذ موسمه مع زبائن مستحيلين.') },
  { id: 'serie-les-aventures-de-zou', year: 2024, origin: 'france', category: 'jeunesse', subcategory: 'animation', rating: TP, director: 'Marie Caillou', cast: ['Léonie Martin'], seasons: 3, episodesPerSeason: 4, episodeMinutes: 12, badge: 'new_season', products: ['gratuit'],
    title: t('Les Aventures de Zou', "Zou's Adventures", 'Zous Abenteuer', 'Las aventuras de Zou', 'مغامرات زو'),
    description: t("Zou, un petit zèbre curieux, visite chaque semaine un nouveau pays francophone.", 'Zou, a curious little zebra, visits a new French-speaking country every week.', 'Zou, ein neugieriges kleines Zebra, besucht jede Woche ein neues französischsprachiges Land.', 'Zou, una pequeña cebra curiosa, visita cada semana un nuevo país francófono.', 'زو حمار وحشي صغير فضولي يزور كل أسبوع بلداً فرنكوفونياً جديداً.') },
  { id: 'serie-les-petits-savants', year: 2023, origin: 'quebec', category: 'jeunesse', subcategory: 'animation', rating: TP, director: 'Pierre Greco', cast: ['Chloé Gauthier', 'Noah Lapointe'], seasons: 2, episodesPerSeason: 4, episodeMinutes: 15, products: ['gratuit'],
    title: t('Les Petits Savants', 'The Little Scientists', 'Die kleinen Forscher', 'Los pequeños sabios', 'العلماء الصغار'),
    description: t("Deux enfants de Québec transforment leur garage en laboratoire pour répondre aux questions du public.", 'Two kids from Quebec City turn their garage into a lab to answer viewers\' questions.', 'Zwei Kinder aus Québec verwandeln ihre Garage in ein Labor, um Fragen der Zuschauer zu beantworten.', 'Dos niños de Quebec convierten su garaje en un laboratorio para responder al público.', 'طفلان من مدينة كيبيك يحولان مرآبهما إلى مختبر للإجابة عن أسئلة الجمهور.') },
  { id: 'serie-terres-francophones', year: 2022, origin: 'suisse', category: 'documentaires', subcategory: 'voyage', rating: TP, director: 'Jean-Stéphane Bron', cast: ['Sarah Michel'], seasons: 2, episodesPerSeason: 4, episodeMinutes: 48,
    title: t('Terres francophones', 'French-Speaking Lands', 'Frankophone Länder', 'Tierras francófonas', 'أراضٍ فرنكوفونية'),
    description: t("Une géographe parcourt les régions où l'on parle français, du Val d'Aoste à la Louisiane.", 'A geographer travels the French-speaking regions, from the Aosta Valley to Louisiana.', 'Eine Geografin bereist die französischsprachigen Regionen vom Aostatal bis Louisiana.', 'Una geógrafa recorre las regiones donde se habla francés, del Valle de Aosta a Luisiana.', 'جغرافية تجوب المناطق الناطقة بالفرنسية من وادي أوستا إلى لويزيانا.') },
  { id: 'serie-chez-tata-rose', year: 2021, origin: 'haiti', category: 'humour', subcategory: 'comedie', rating: TP, director: 'Gessica Généus', cast: ['Rose-Andrée Pierre', 'Tiga Jean'], seasons: 2, episodesPerSeason: 4, episodeMinutes: 22,
    title: t('Chez Tata Rose', "Auntie Rose's Place", 'Bei Tante Rose', 'En casa de la tía Rosa', 'عند الخالة روز'),
    description: t("Le salon de coiffure de Tata Rose à Pétion-Ville est le vrai parlement du quartier.", "Auntie Rose's hair salon in Pétion-Ville is the neighbourhood's real parliament.", 'Tante Roses Friseursalon in Pétion-Ville ist das wahre Parlament des Viertels.', 'La peluquería de la tía Rosa en Pétion-Ville es el verdadero parlamento del barrio.', 'صالون تصفيف الخالة روز في بيتيون فيل هو البرلمان الحقيقي للحي.') },
  { id: 'serie-la-ligue-des-quartiers', year: 2024, origin: 'cameroun', category: 'sport', subcategory: 'football', rating: M10, director: 'Jean-Pierre Bekolo', cast: ['Samuel Eto Mbia', 'Lydie Ngono'], seasons: 2, episodesPerSeason: 4, episodeMinutes: 35, badge: 'new_episodes',
    title: t('La Ligue des quartiers', 'The Neighbourhood League', 'Die Liga der Viertel', 'La liga de los barrios', 'دوري الأحياء'),
    description: t("À Yaoundé, une ancienne joueuse entraîne une équipe de filles pour le championnat des quartiers.", 'In Yaoundé, a former player coaches a girls\' team for the neighbourhood championship.', 'In Yaoundé trainiert eine ehemalige Spielerin ein Mädchenteam für die Viertelmeisterschaft.', 'En Yaundé, una exjugadora entrena a un equipo de chicas para el campeonato de barrios.', 'في ياوندي تدرّب لاعبة سابقة فريقاً من الفتيات لبطولة الأحياء.') },
  { id: 'serie-le-magazine-du-monde', year: 2024, origin: 'france', category: 'information', subcategory: 'societe', rating: TP, director: 'Rédaction Antenne Monde', cast: ['Samia Benchikh', 'Didier Kouamé'], seasons: 2, episodesPerSeason: 4, episodeMinutes: 26, products: ['rattrapage'],
    title: t('Le Magazine du monde', 'World Magazine', 'Weltmagazin', 'La revista del mundo', 'مجلة العالم'),
    description: t("Chaque semaine, les reporters d'Antenne Monde racontent une histoire de l'espace francophone.", 'Every week, Antenne Monde reporters tell a story from the French-speaking world.', 'Jede Woche erzählen die Reporter von Antenne Monde eine Geschichte aus der frankophonen Welt.', 'Cada semana, los reporteros de Antenne Monde cuentan una historia del mundo francófono.', 'كل أسبوع يروي مراسلو أنتان موند قصة من العالم الفرنكوفوني.') },
];

/** Episode titles: real words in the five languages, picked in turn for each series. */
/* prettier-ignore */
const EPISODE_TITLES: Texts[] = [
  t('Le Départ', 'The Departure', 'Der Aufbruch', 'La partida', 'الرحيل'),
  t('La Rencontre', 'The Encounter', 'Die Begegnung', 'El encuentro', 'اللقاء'),
  t('Le Secret', 'The Secret', 'Das Geheimnis', 'El secreto', 'السر'),
  t("L'Orage", 'The Storm', 'Das Gewitter', 'La tormenta', 'العاصفة'),
  t('La Fête', 'The Party', 'Das Fest', 'La fiesta', 'الحفلة'),
  t('Le Retour', 'The Return', 'Die Rückkehr', 'El regreso', 'العودة'),
  t('La Promesse', 'The Promise', 'Das Versprechen', 'La promesa', 'الوعد'),
  t('Le Marché', 'The Market', 'Der Markt', 'El mercado', 'السوق'),
  t('La Lettre', 'The Letter', 'Der Brief', 'La carta', 'الرسالة'),
  t('Le Voyage', 'The Journey', 'Die Reise', 'El viaje', 'السفر'),
  t('La Dispute', 'The Quarrel', 'Der Streit', 'La disputa', 'الخلاف'),
  t('Le Mariage', 'The Wedding', 'Die Hochzeit', 'La boda', 'الزفاف'),
  t('La Nuit blanche', 'The Sleepless Night', 'Die schlaflose Nacht', 'La noche en vela', 'الليلة البيضاء'),
  t("L'Héritage", 'The Inheritance', 'Das Erbe', 'La herencia', 'الإرث'),
  t('Le Match', 'The Match', 'Das Spiel', 'El partido', 'المباراة'),
  t('La Vérité', 'The Truth', 'Die Wahrheit', 'La verdad', 'الحقيقة'),
  t('Le Piège', 'The Trap', 'Die Falle', 'La trampa', 'الفخ'),
  t('La Tempête', 'The Tempest', 'Der Sturm', 'La tempestad', 'الزوبعة'),
  t("L'Invité", 'The Guest', 'Der Gast', 'El invitado', 'الضيف'),
  t('Le Choix', 'The Choice', 'Die Wahl', 'La elección', 'الاختيار'),
  t('La Fuite', 'The Escape', 'Die Flucht', 'La huida', 'الهروب'),
  t('Le Pardon', 'Forgiveness', 'Die Vergebung', 'El perdón', 'الغفران'),
  t("L'Aube", 'Dawn', 'Die Morgendämmerung', 'El alba', 'الفجر'),
  t('Les Adieux', 'Farewells', 'Der Abschied', 'Las despedidas', 'الوداع'),
];

const SEASON_WORD = t('Saison', 'Season', 'Staffel', 'Temporada', 'الموسم');
const EPISODE_WORD = t('Épisode', 'Episode', 'Folge', 'Episodio', 'الحلقة');

const seasonId = (series: Series, s: number) => `${series.id.replace(/^serie-/, '')}-s${s}`;
const episodeId = (series: Series, s: number, e: number) => demoEpisodeId(series.id, s, e);

/** The id of episode `e` of season `s` of a demo series (the schedule airs them by it). */
export const demoEpisodeId = (seriesId: string, s: number, e: number) =>
  `${seriesId.replace(/^serie-/, '')}-s${s}e${e}`;

const BASE_CREATED = '2024-02-01T08:00:00Z';

function seriesTags(series: Series) {
  return [
    categoryTag(series.category),
    subcategoryTag(series.subcategory),
    originTag(series.origin),
    ...(series.badge === undefined ? [] : [badgeTag(series.badge)]),
  ];
}

function showAsset(series: Series, n: number): Asset {
  const country = ORIGIN_COUNTRY[series.origin];
  return {
    assetId: series.id,
    type: 'TV_SHOW',
    slug: series.id,
    productionYear: series.year,
    productionCountries: [country],
    popularity: 50 + ((n * 13) % 50),
    localized: localized(series.id, series.title, series.description),
    tags: seriesTags(series),
    parentalRatings: csa(series.rating),
    participants: [
      { personId: personId(series.director), name: series.director, function: 'director' },
      ...series.cast.map((name) => ({ personId: personId(name), name, function: 'actor' as const })),
    ],
    subtitles: ['fr', 'en', 'ar'],
    spokenLanguages: ['fr'],
    medias: [],
    publications: [
      publication(series.id, {
        products: series.products ?? ['gratuit-pub'],
        ...(series.countries === undefined ? {} : { countries: series.countries }),
      }),
    ],
    customData: { programme: programmeFor(n), csaLevel: Number(series.rating) },
    created: dayAfter(BASE_CREATED, n * 7),
  };
}

function episodeAsset(series: Series, n: number, s: number, e: number): Asset {
  const id = episodeId(series, s, e);
  const index = (n * 5 + (s - 1) * series.episodesPerSeason + (e - 1)) % EPISODE_TITLES.length;
  const word = EPISODE_TITLES[index] ?? EPISODE_TITLES[0]!;
  const title = t(word.fr, word.en, word.de, word.es, word.ar);
  const description = t(
    `${series.title.fr}, ${SEASON_WORD.fr.toLowerCase()} ${s}, ${EPISODE_WORD.fr.toLowerCase()} ${e} : « ${word.fr} ».`,
    `${series.title.en}, ${SEASON_WORD.en.toLowerCase()} ${s}, ${EPISODE_WORD.en.toLowerCase()} ${e}: "${word.en}".`,
    `${series.title.de}, ${SEASON_WORD.de} ${s}, ${EPISODE_WORD.de} ${e}: „${word.de}“.`,
    `${series.title.es}, ${SEASON_WORD.es.toLowerCase()} ${s}, ${EPISODE_WORD.es.toLowerCase()} ${e}: «${word.es}».`,
    `${series.title.ar}، ${SEASON_WORD.ar} ${s}، ${EPISODE_WORD.ar} ${e}: «${word.ar}».`,
  );
  // The last season of a series badged new_episodes or new_season arrives later.
  const recent = series.badge !== undefined && s === series.seasons;
  return {
    assetId: id,
    type: 'EPISODE',
    slug: id,
    tvShowId: series.id,
    seasonId: seasonId(series, s),
    season: s,
    episode: e,
    productionYear: series.year - series.seasons + s,
    productionCountries: [ORIGIN_COUNTRY[series.origin]],
    duration: series.episodeMinutes * 60_000,
    localized: localized(id, title, description),
    // No category tag: category lanes list the series, not its episodes.
    parentalRatings: csa(series.rating),
    participants: series.cast.map((name) => ({ personId: personId(name), name, function: 'actor' as const })),
    subtitles: ['fr', 'en'],
    spokenLanguages: ['fr'],
    medias: [],
    publications: [
      publication(id, {
        products: series.products ?? ['gratuit-pub'],
        ...(series.countries === undefined ? {} : { countries: series.countries }),
        ...(recent ? { fromDate: '2025-10-01T00:00:00Z' } : {}),
      }),
    ],
    customData: { programme: programmeFor(n + s + e) },
    created: dayAfter(BASE_CREATED, n * 7 + (recent ? 500 : s * 30 + e)),
  };
}

export function demoSeries(): Asset[] {
  return SERIES.map(showAsset);
}

export function demoEpisodes(): Asset[] {
  return SERIES.flatMap((series, n) =>
    Array.from({ length: series.seasons }, (_, si) =>
      Array.from({ length: series.episodesPerSeason }, (_, ei) => episodeAsset(series, n, si + 1, ei + 1)),
    ).flat(),
  );
}

export function demoSeasons(): Season[] {
  return SERIES.flatMap((series) =>
    Array.from({ length: series.seasons }, (_, si) => {
      const s = si + 1;
      return {
        seasonId: seasonId(series, s),
        tvShowId: series.id,
        season: s,
        startYear: series.year - series.seasons + s,
        localized: LOCALES.map((locale) => ({
          locale,
          title: `${SEASON_WORD[locale]} ${s}`,
          description: `${series.title[locale]} — ${SEASON_WORD[locale]} ${s}`,
        })),
      };
    }),
  );
}
