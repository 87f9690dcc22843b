import { csa, CSA, localized, programmeFor, publication, t } from './common.js';
import { type Category, categoryTag } from './tags.js';
import type { Asset, Texts } from './types.js';

/**
 * The live TV channels (TV_CHANNEL); their logos follow the asset image convention. A channel
 * plays with a live package (spec part 1 §6): a Subscription product. `abonnement` (the demo
 * subscriber's) carries four of them — Antenne Monde, Info, Junior, Musique; Afrique and Sport
 * are in `option-sport-afrique`, which the demo subscriber does not hold.
 */
interface Channel {
  id: string;
  title: Texts;
  description: Texts;
  category: Category;
  countries?: string[];
  products: string[];
}

/* prettier-ignore */
export const CHANNELS: Channel[] = [
  { id: 'chaine-antenne-monde', category: 'direct', products: ['abonnement'],
    title: t('Antenne Monde', 'Antenne Monde', 'Antenne Monde', 'Antenne Monde', 'أنتان موند'),
    description: t("La chaîne généraliste francophone : fiction, cinéma, débats et grands reportages.", 'The general French-language channel: drama, cinema, debates and documentaries.', 'Der frankophone Vollprogrammsender: Serien, Kino, Debatten und Reportagen.', 'El canal generalista francófono: ficción, cine, debates y grandes reportajes.', 'القناة الفرنكوفونية العامة: دراما وسينما ونقاشات وتحقيقات كبرى.') },
  { id: 'chaine-antenne-monde-info', category: 'information', products: ['abonnement'],
    title: t('Antenne Monde Info', 'Antenne Monde News', 'Antenne Monde Nachrichten', 'Antenne Monde Noticias', 'أنتان موند الإخبارية'),
    description: t("L'information en continu depuis Paris, Dakar, Montréal et Beyrouth.", 'Rolling news from Paris, Dakar, Montreal and Beirut.', 'Nachrichten rund um die Uhr aus Paris, Dakar, Montreal und Beirut.', 'Información continua desde París, Dakar, Montreal y Beirut.', 'أخبار على مدار الساعة من باريس وداكار ومونتريال وبيروت.') },
  { id: 'chaine-antenne-monde-afrique', category: 'direct', products: ['option-sport-afrique'], countries: ['SN', 'CI', 'CM', 'CD', 'FR', 'BE'],
    title: t('Antenne Monde Afrique', 'Antenne Monde Africa', 'Antenne Monde Afrika', 'Antenne Monde África', 'أنتان موند أفريقيا'),
    description: t("Les séries, la musique et le sport du continent africain, en direct.", 'Series, music and sport from the African continent, live.', 'Serien, Musik und Sport vom afrikanischen Kontinent, live.', 'Series, música y deporte del continente africano, en directo.', 'مسلسلات وموسيقى ورياضة من القارة الأفريقية على الهواء مباشرة.') },
  { id: 'chaine-antenne-monde-jeunesse', category: 'jeunesse', products: ['abonnement'],
    title: t('Antenne Monde Junior', 'Antenne Monde Junior', 'Antenne Monde Junior', 'Antenne Monde Junior', 'أنتان موند جونيور'),
    description: t("Dessins animés et émissions éducatives pour les enfants de trois à douze ans.", 'Cartoons and educational shows for children from three to twelve.', 'Zeichentrick und Lernsendungen für Kinder von drei bis zwölf Jahren.', 'Dibujos animados y programas educativos para niños de tres a doce años.', 'رسوم متحركة وبرامج تعليمية للأطفال من ثلاث إلى اثنتي عشرة سنة.') },
  { id: 'chaine-antenne-monde-musique', category: 'musique', products: ['abonnement'],
    title: t('Antenne Monde Musique', 'Antenne Monde Music', 'Antenne Monde Musik', 'Antenne Monde Música', 'أنتان موند موسيقى'),
    description: t("Concerts, clips et festivals de la scène francophone, jour et nuit.", 'Concerts, music videos and festivals of the French-speaking scene, day and night.', 'Konzerte, Videoclips und Festivals der frankophonen Szene, Tag und Nacht.', 'Conciertos, videoclips y festivales de la escena francófona, día y noche.', 'حفلات وكليبات ومهرجانات من الساحة الفرنكوفونية ليلاً ونهاراً.') },
  { id: 'chaine-antenne-monde-sport', category: 'sport', products: ['option-sport-afrique'],
    title: t('Antenne Monde Sport', 'Antenne Monde Sport', 'Antenne Monde Sport', 'Antenne Monde Deportes', 'أنتان موند الرياضية'),
    description: t("Football africain, cyclisme et athlétisme en direct et en rediffusion.", 'African football, cycling and athletics, live and replayed.', 'Afrikanischer Fußball, Radsport und Leichtathletik, live und als Wiederholung.', 'Fútbol africano, ciclismo y atletismo en directo y en diferido.', 'كرة القدم الأفريقية وسباق الدراجات وألعاب القوى مباشرة وإعادة.') },
];

export function demoChannels(): Asset[] {
  return CHANNELS.map((channel, n) => ({
    assetId: channel.id,
    type: 'TV_CHANNEL',
    slug: channel.id,
    popularity: 100 - n * 5,
    localized: localized(channel.id, channel.title, channel.description),
    tags: [categoryTag('direct'), ...(channel.category === 'direct' ? [] : [categoryTag(channel.category)])],
    parentalRatings: csa(CSA.TOUS_PUBLICS),
    spokenLanguages: ['fr'],
    medias: [],
    publications: [
      publication(channel.id, {
        products: channel.products,
        ...(channel.countries === undefined ? {} : { countries: channel.countries }),
      }),
    ],
    customData: { programme: programmeFor(n), live: true, channelNumber: n + 1 },
    created: `2024-01-0${n + 1}T06:00:00Z`,
  }));
}
