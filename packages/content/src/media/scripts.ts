import type { DemoCue, DemoMediaItem, DemoPattern, DemoSubtitleLanguage } from './types.js';

/**
 * What the demo media plan (plan.ts) is made of: the programmes, trailers and ads with their
 * patterns, hues, tones and scripts, and the subtitles cut from a script.
 */

/* ------------------------------------------------------------------------------------------ */
/* Subtitles                                                                                   */
/* ------------------------------------------------------------------------------------------ */

/** One line of a script, in every language it is subtitled in. */
type Line = Partial<Record<DemoSubtitleLanguage, string>>;

/** Non-speech cues, the same in every script. */
const MUSIC: Line = { fr: '[musique]', en: '[music]', ar: '[موسيقى]' };
const APPLAUSE: Line = { fr: '[applaudissements]', en: '[applause]', ar: '[تصفيق]' };

const line = (fr: string, en: string, ar: string): Line => ({ fr, en, ar });

/**
 * The cues of a script in each of `languages`: the duration is cut into equal slots (one per
 * line) and each cue fills its slot but for a short gap at both ends, so the cues are ordered,
 * never overlap, stay within the item and last 2–5 s with the scripts' lengths.
 */
export function subtitles(
  seconds: number,
  script: Line[],
  languages: DemoSubtitleLanguage[],
): DemoMediaItem['subtitles'] {
  const slot = seconds / script.length;
  const gap = Math.min(0.5, slot * 0.1);
  const at = (s: number) => Math.round(s * 10) / 10;
  const result: DemoMediaItem['subtitles'] = {};
  for (const language of languages) {
    result[language] = script.map((l, i): DemoCue => ({
      start: at(slot * i + gap),
      end: at(slot * (i + 1) - gap),
      text: l[language] ?? '',
    }));
  }
  return result;
}

/* ------------------------------------------------------------------------------------------ */
/* The items                                                                                   */
/* ------------------------------------------------------------------------------------------ */

export interface Programme {
  title: string;
  genre: string;
  seconds: number;
  pattern: DemoPattern;
  hue: number;
  toneHz: number;
  script: Line[];
}

/* prettier-ignore */
export const PROGRAMMES: Programme[] = [
  { title: 'Les Voix du Fleuve', genre: 'Documentaire', seconds: 30, pattern: 'mandelbrot', hue: 200, toneHz: 220,
    script: [
      MUSIC,
      line('Chaque matin, le fleuve Niger se réveille avant les hommes.', 'Every morning, the Niger River wakes before the people.', 'كل صباح يستيقظ نهر النيجر قبل الناس.'),
      line('Les pirogues quittent Mopti chargées de sel et de poisson.', 'The pirogues leave Mopti laden with salt and fish.', 'تغادر الزوارق موبتي محمّلة بالملح والسمك.'),
      line('Amadou, piroguier depuis quarante ans, connaît chaque banc de sable.', 'Amadou, a boatman for forty years, knows every sandbank.', 'أمادو، المراكبي منذ أربعين عاماً، يعرف كل ضفة رملية.'),
      line('« Le fleuve ne ment jamais. Il faut savoir l\'écouter. »', '"The river never lies. You just have to listen to it."', '«النهر لا يكذب أبداً. علينا فقط أن نصغي إليه.»'),
      line('Au crépuscule, les voix des pêcheurs se répondent d\'une rive à l\'autre.', 'At dusk, the fishermen\'s voices call to each other from bank to bank.', 'عند الغروب تتجاوب أصوات الصيادين من ضفة إلى أخرى.'),
      MUSIC,
    ] },
  { title: 'Le Secret de Tombouctou', genre: 'Fiction', seconds: 32, pattern: 'life', hue: 20, toneHz: 330,
    script: [
      MUSIC,
      line('Mariam, tu as encore fouillé la bibliothèque de grand-père ?', 'Mariam, have you been searching Grandfather\'s library again?', 'مريم، هل فتّشتِ مكتبة جدّي مرة أخرى؟'),
      line('Regarde : ce manuscrit n\'a pas été ouvert depuis trois siècles.', 'Look: this manuscript hasn\'t been opened in three centuries.', 'انظر: هذه المخطوطة لم تُفتح منذ ثلاثة قرون.'),
      line('Il parle d\'une étoile qui guide les caravanes jusqu\'au fleuve.', 'It tells of a star that guides the caravans to the river.', 'إنها تتحدث عن نجمة تهدي القوافل إلى النهر.'),
      line('Quelqu\'un d\'autre le cherche. Il faut partir cette nuit.', 'Someone else is looking for it. We must leave tonight.', 'هناك من يبحث عنها أيضاً. علينا أن نرحل الليلة.'),
      line('Alors nous suivrons l\'étoile.', 'Then we will follow the star.', 'إذن سنتبع النجمة.'),
      MUSIC,
    ] },
  { title: 'Rythmes de Kinshasa', genre: 'Musique', seconds: 34, pattern: 'rgbcycle', hue: 300, toneHz: 440,
    script: [
      MUSIC,
      line('Bonsoir Kinshasa ! Êtes-vous prêts ?', 'Good evening, Kinshasa! Are you ready?', 'مساء الخير يا كينشاسا! هل أنتم مستعدون؟'),
      APPLAUSE,
      line('Ce soir, la rumba congolaise fête ses grands maîtres.', 'Tonight, Congolese rumba celebrates its great masters.', 'الليلة تحتفي الرومبا الكونغولية بكبار أساتذتها.'),
      line('Guitares, tambours et voix : tout le fleuve danse avec nous.', 'Guitars, drums and voices: the whole river dances with us.', 'غيتارات وطبول وأصوات: النهر كله يرقص معنا.'),
      MUSIC,
      line('Merci ! On se retrouve au prochain refrain.', 'Thank you! See you at the next chorus.', 'شكراً! نلتقي في اللازمة القادمة.'),
      APPLAUSE,
    ] },
  { title: 'Coupe des Tropiques', genre: 'Sport', seconds: 36, pattern: 'cellauto', hue: 120, toneHz: 550,
    script: [
      MUSIC,
      line('Bienvenue au stade pour la finale de la Coupe des Tropiques !', 'Welcome to the stadium for the Tropics Cup final!', 'مرحباً بكم في الملعب لنهائي كأس المناطق الاستوائية!'),
      line('Les Lions de Dakar affrontent les Éléphants d\'Abidjan.', 'The Dakar Lions take on the Abidjan Elephants.', 'أسود داكار يواجهون أفيال أبيدجان.'),
      line('Coup d\'envoi ! Le ballon file sur l\'aile gauche.', 'Kick-off! The ball races down the left wing.', 'ضربة البداية! الكرة تنطلق على الجناح الأيسر.'),
      line('Centre, tête… et c\'est le but !', 'Cross, header… and it\'s a goal!', 'عرضية، ضربة رأس… إنه هدف!'),
      APPLAUSE,
      line('Quelle ambiance dans les tribunes ce soir !', 'What an atmosphere in the stands tonight!', 'يا لها من أجواء في المدرجات الليلة!'),
      MUSIC,
    ] },
  { title: 'Les Petits Explorateurs', genre: 'Jeunesse', seconds: 38, pattern: 'testsrc2', hue: 50, toneHz: 660,
    script: [
      MUSIC,
      line('Salut les explorateurs ! Aujourd\'hui, on part au Québec.', 'Hi, explorers! Today we\'re off to Quebec.', 'مرحباً أيها المستكشفون! اليوم نسافر إلى كيبيك.'),
      line('Regardez ce grand arbre : c\'est un érable.', 'Look at this big tree: it\'s a maple.', 'انظروا إلى هذه الشجرة الكبيرة: إنها شجرة قيقب.'),
      line('Au printemps, on récolte sa sève pour faire du sirop.', 'In spring, its sap is collected to make syrup.', 'في الربيع نجمع نسغها لنصنع منه الشراب.'),
      line('Qui veut goûter ? Mmm, c\'est sucré !', 'Who wants a taste? Mmm, it\'s sweet!', 'من يريد أن يتذوق؟ ممم، إنه حلو!'),
      APPLAUSE,
      line('La semaine prochaine, cap sur Madagascar !', 'Next week, we\'re heading for Madagascar!', 'الأسبوع القادم، وجهتنا مدغشقر!'),
      MUSIC,
    ] },
  { title: 'Le Journal de la Francophonie', genre: 'Information', seconds: 40, pattern: 'smptebars', hue: 255, toneHz: 880,
    script: [
      MUSIC,
      line('Bonsoir, et bienvenue dans le Journal de la Francophonie.', 'Good evening, and welcome to the Francophonie News.', 'مساء الخير، ومرحباً بكم في نشرة الفرنكوفونية.'),
      line('À Dakar, le sommet des jeunes entrepreneurs s\'ouvre demain.', 'In Dakar, the young entrepreneurs\' summit opens tomorrow.', 'في داكار تنطلق غداً قمة رواد الأعمال الشباب.'),
      line('À Montréal, la neige perturbe toujours les transports.', 'In Montreal, snow is still disrupting transport.', 'في مونتريال لا تزال الثلوج تعطّل حركة النقل.'),
      line('À Beyrouth, le Salon du livre francophone a remis son grand prix.', 'In Beirut, the French-language book fair has awarded its grand prize.', 'في بيروت منح معرض الكتاب الفرنكوفوني جائزته الكبرى.'),
      APPLAUSE,
      line('La météo : grand soleil de Tunis à Abidjan.', 'The weather: bright sunshine from Tunis to Abidjan.', 'الطقس: شمس ساطعة من تونس إلى أبيدجان.'),
      line('Merci de votre fidélité, et bonne soirée sur Antenne Monde.', 'Thank you for watching, and good evening on Antenne Monde.', 'شكراً لمتابعتكم، وأمسية سعيدة على أنتان موند.'),
      MUSIC,
    ] },
];

/** The encrypted programme: its own card, script and tone (the player shows it after a licence request). */
/* prettier-ignore */
export const CLEARKEY_PROGRAMME: Programme = {
  title: 'Contenu protégé — ClearKey', genre: 'Démonstration DRM', seconds: 30, pattern: 'testsrc2', hue: 160, toneHz: 370,
  script: [
    MUSIC,
    line('Ce programme est chiffré : chaque image est protégée par une clé.', 'This programme is encrypted: every picture is protected by a key.', 'هذا البرنامج مشفّر: كل صورة محمية بمفتاح.'),
    line('Le lecteur a demandé sa licence au serveur avant de l\'afficher.', 'The player asked the server for its licence before showing it.', 'طلب المشغّل ترخيصه من الخادم قبل عرضه.'),
    line('Sans jeton de lecture valide, la clé n\'est jamais délivrée.', 'Without a valid play token, the key is never handed out.', 'من دون رمز تشغيل صالح لا يُسلَّم المفتاح أبداً.'),
    line('C\'est le même parcours que Widevine ou FairPlay, en clair.', 'It is the same path as Widevine or FairPlay, in the open.', 'إنه المسار نفسه الذي يسلكه Widevine أو FairPlay، بشكل مكشوف.'),
    MUSIC,
  ],
};

/** Programme-1's audio description track: its own tone, distinct from every main tone. */
export const AUDIO_DESCRIPTION_HZ = 990;

export interface Trailer {
  title: string;
  pattern: DemoPattern;
  hue: number;
  toneHz: number;
  script: Line[];
}

/* prettier-ignore */
export const TRAILERS: Trailer[] = [
  { title: 'Le Dernier Train pour Bamako', pattern: 'mandelbrot', hue: 30, toneHz: 392,
    script: [
      MUSIC,
      { fr: 'Un train. Une nuit. Un secret.', en: 'One train. One night. One secret.' },
      { fr: '« Tu ne descendras pas avant Bamako. »', en: '"You\'re not getting off before Bamako."' },
      { fr: 'Prochainement sur Antenne Monde.', en: 'Coming soon on Antenne Monde.' },
    ] },
  { title: "L'Île aux Alizés", pattern: 'rgbcycle', hue: 180, toneHz: 494,
    script: [
      { fr: 'Sur une île de l\'océan Indien…', en: 'On an island in the Indian Ocean…' },
      { fr: '… une chanteuse retrouve la voix qu\'elle avait perdue.', en: '… a singer finds the voice she had lost.' },
      APPLAUSE,
      { fr: 'Bientôt sur Antenne Monde.', en: 'Soon on Antenne Monde.' },
    ] },
  { title: 'Les Ombres de la Médina', pattern: 'life', hue: 330, toneHz: 587,
    script: [
      MUSIC,
      { fr: 'À Fès, un manuscrit millénaire disparaît.', en: 'In Fez, a thousand-year-old manuscript vanishes.' },
      { fr: '« Personne ne quitte la médina ce soir. »', en: '"Nobody leaves the medina tonight."' },
      { fr: 'Les Ombres de la Médina, prochainement.', en: 'Shadows of the Medina, coming soon.' },
      MUSIC,
    ] },
];

/** The CSA levels that have a classification bumper (the player picks it from the asset's rating). */
export const CSA_AGES = [10, 12, 16] as const;

/* prettier-ignore */
export const ADS = [
  { brand: 'Café Baobab', slogan: 'Le goût du Sahel dans chaque tasse', seconds: 12, pattern: 'cellauto', hue: 25, toneHz: 294 },
  { brand: 'Air Alizé', slogan: 'Toute la francophonie à portée d\'aile', seconds: 15, pattern: 'smptebars', hue: 195, toneHz: 740 },
] as const;
