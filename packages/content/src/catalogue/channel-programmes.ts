import { csa, CSA, localized, programmeFor, t } from './common.js';
import type { Asset, AssetType, Texts } from './types.js';

/**
 * The channels' own programmes (news bulletins, magazines, live sport, concerts, the interlude):
 * assets the schedule airs (src/schedule) with titles, descriptions and images like any title, but
 * NOT published as on-demand: no publication, so lanes, mosaics and search never list them; the
 * EPG shows them through its programmes.
 */
interface ChannelProgramme {
  id: string;
  type: AssetType;
  minutes: number;
  title: Texts;
  description: Texts;
}

/* prettier-ignore */
export const CHANNEL_PROGRAMMES = [
  { id: 'emission-le-journal', type: 'LIVE_EVENT', minutes: 30,
    title: t('Le Journal', 'The News', 'Die Nachrichten', 'El Noticiero', 'نشرة الأخبار'),
    description: t("L'actualité du monde francophone, en direct de Paris, Dakar, Montréal et Beyrouth.", 'The news of the French-speaking world, live from Paris, Dakar, Montreal and Beirut.', 'Die Nachrichten der frankophonen Welt, live aus Paris, Dakar, Montreal und Beirut.', 'La actualidad del mundo francófono, en directo desde París, Dakar, Montreal y Beirut.', 'أخبار العالم الفرنكوفوني مباشرة من باريس وداكار ومونتريال وبيروت.') },
  { id: 'emission-le-flash-info', type: 'LIVE_EVENT', minutes: 10,
    title: t('Le Flash info', 'News Flash', 'Kurznachrichten', 'Avance informativo', 'موجز الأخبار'),
    description: t("Dix minutes pour faire le point sur l'actualité de l'heure.", 'Ten minutes on the news of the hour.', 'Zehn Minuten zu den Nachrichten der Stunde.', 'Diez minutos para repasar la actualidad de la hora.', 'عشر دقائق لمتابعة أخبار الساعة.') },
  { id: 'emission-le-grand-debat', type: 'OTHER', minutes: 55,
    title: t('Le Grand Débat', 'The Big Debate', 'Die große Debatte', 'El gran debate', 'النقاش الكبير'),
    description: t("Quatre invités confrontent leurs points de vue sur la question de la semaine.", 'Four guests debate the question of the week.', 'Vier Gäste diskutieren die Frage der Woche.', 'Cuatro invitados debaten la cuestión de la semana.', 'أربعة ضيوف يتناقشون في قضية الأسبوع.') },
  { id: 'emission-grand-reportage', type: 'OTHER', minutes: 52,
    title: t('Grand Reportage', 'Special Report', 'Große Reportage', 'Gran reportaje', 'تحقيق كبير'),
    description: t("Nos reporters passent une semaine au cœur d'une ville de la francophonie.", 'Our reporters spend a week in the heart of a French-speaking city.', 'Unsere Reporter verbringen eine Woche im Herzen einer frankophonen Stadt.', 'Nuestros reporteros pasan una semana en el corazón de una ciudad francófona.', 'مراسلونا يقضون أسبوعاً في قلب مدينة فرنكوفونية.') },
  { id: 'emission-la-meteo', type: 'OTHER', minutes: 5,
    title: t('La Météo', 'The Weather', 'Das Wetter', 'El tiempo', 'النشرة الجوية'),
    description: t("Le temps qu'il fera demain sur les cinq continents.", "Tomorrow's weather on five continents.", 'Das Wetter von morgen auf fünf Kontinenten.', 'El tiempo de mañana en los cinco continentes.', 'طقس الغد في القارات الخمس.') },
  { id: 'emission-a-suivre', type: 'OTHER', minutes: 5,
    title: t('À suivre', 'Coming Up', 'Demnächst', 'A continuación', 'تابعونا'),
    description: t("Les programmes à venir sur la chaîne.", 'What is coming up on the channel.', 'Was demnächst auf dem Sender läuft.', 'Lo que viene a continuación en el canal.', 'البرامج القادمة على القناة.') },
  { id: 'emission-afrique-matin', type: 'LIVE_EVENT', minutes: 90,
    title: t('Afrique Matin', 'Africa Morning', 'Afrika am Morgen', 'África Mañana', 'صباح أفريقيا'),
    description: t("La matinale du continent : actualité, économie, culture et invités.", "The continent's morning show: news, business, culture and guests.", 'Das Morgenmagazin des Kontinents: Nachrichten, Wirtschaft, Kultur und Gäste.', 'El matinal del continente: actualidad, economía, cultura e invitados.', 'البرنامج الصباحي للقارة: أخبار واقتصاد وثقافة وضيوف.') },
  { id: 'emission-les-p-tits-matins', type: 'OTHER', minutes: 60,
    title: t("Les P'tits Matins", 'Little Mornings', 'Kleine Morgen', 'Mañanitas', 'صباحات الصغار'),
    description: t("Chansons, jeux et histoires pour bien commencer la journée.", 'Songs, games and stories to start the day well.', 'Lieder, Spiele und Geschichten für einen guten Start in den Tag.', 'Canciones, juegos y cuentos para empezar bien el día.', 'أغانٍ وألعاب وحكايات لبداية يوم جميل.') },
  { id: 'emission-clips-non-stop', type: 'OTHER', minutes: 30,
    title: t('Clips non-stop', 'Non-Stop Music Videos', 'Clips nonstop', 'Videoclips sin parar', 'كليبات بلا توقف'),
    description: t("Les clips de la scène francophone, sans interruption.", 'Music videos of the French-speaking scene, without a break.', 'Videoclips der frankophonen Szene, ohne Unterbrechung.', 'Los videoclips de la escena francófona, sin interrupción.', 'كليبات الساحة الفرنكوفونية بلا انقطاع.') },
  { id: 'emission-scene-ouverte', type: 'LIVE_EVENT', minutes: 90,
    title: t('Scène ouverte', 'Open Stage', 'Offene Bühne', 'Escenario abierto', 'مسرح مفتوح'),
    description: t("Un concert en direct d'un festival francophone.", 'A live concert from a French-speaking festival.', 'Ein Live-Konzert von einem frankophonen Festival.', 'Un concierto en directo de un festival francófono.', 'حفل مباشر من مهرجان فرنكوفوني.') },
  { id: 'emission-match-en-direct', type: 'LIVE_EVENT', minutes: 110,
    title: t('Football : le match en direct', 'Football: the Live Match', 'Fußball: das Spiel live', 'Fútbol: el partido en directo', 'كرة القدم: المباراة مباشرة'),
    description: t("Le grand match du championnat d'Afrique, commenté en direct.", 'The big match of the African championship, with live commentary.', 'Das große Spiel der afrikanischen Meisterschaft, live kommentiert.', 'El gran partido del campeonato africano, comentado en directo.', 'المباراة الكبرى في البطولة الأفريقية بتعليق مباشر.') },
  { id: 'emission-le-mag-des-sports', type: 'OTHER', minutes: 26,
    title: t('Le Mag des sports', 'Sports Magazine', 'Sportmagazin', 'La revista deportiva', 'مجلة الرياضة'),
    description: t("Les résultats, les buts et les coulisses du sport africain.", 'Results, goals and the inside story of African sport.', 'Ergebnisse, Tore und Hintergründe des afrikanischen Sports.', 'Resultados, goles y entre bastidores del deporte africano.', 'النتائج والأهداف وكواليس الرياضة الأفريقية.') },
] as const satisfies readonly ChannelProgramme[];

export type ChannelProgrammeId = (typeof CHANNEL_PROGRAMMES)[number]['id'];

const BASE_CREATED = '2024-01-10T06:00:00Z';

export function demoChannelProgrammes(): Asset[] {
  return CHANNEL_PROGRAMMES.map((p: ChannelProgramme, n): Asset => ({
    assetId: p.id,
    type: p.type,
    slug: p.id,
    duration: p.minutes * 60_000,
    localized: localized(p.id, p.title, p.description),
    parentalRatings: csa(CSA.TOUS_PUBLICS),
    spokenLanguages: ['fr'],
    medias: [],
    // No publications: never on demand (see above).
    customData: { programme: programmeFor(n), channelProgramme: true },
    created: BASE_CREATED,
  }));
}
