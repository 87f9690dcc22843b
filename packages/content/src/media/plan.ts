import { escapeXml, fitTitle, textWidth, type TitleLayout } from '../images/svg.js';
import type { DemoAd, DemoCue, DemoMediaItem, DemoPattern, DemoSubtitleLanguage } from './types.js';

/**
 * The demo media plan of Antenne Monde: six short programmes (every asset of the catalogue plays
 * one, `customData.programme`), an encrypted programme (one film plays it with ClearKey), three trailers, the brand and CSA classification bumpers and two
 * VAST ads. Each item is drawn by ffmpeg (pattern, hue, tone) under its SVG overlay; programmes
 * and trailers come with side-loaded subtitles.
 */

/** Bump when the plan's meaning changes in a way the per-item hashes do not capture. */
export const DEMO_MEDIA_VERSION = 1;

/** The encrypted programme (CENC, played with ClearKey): the demo title that shows DRM playback. */
export const DEMO_CLEARKEY_PROGRAMME = 'programme-clearkey';

/** The streams the catalogue's trailer assets (CLIP) play, in turn. */
export const DEMO_TRAILER_STREAMS = ['trailer-1', 'trailer-2', 'trailer-3'] as const;
export type DemoTrailerStream = (typeof DEMO_TRAILER_STREAMS)[number];

/* ------------------------------------------------------------------------------------------ */
/* SVG drawing                                                                                 */
/* ------------------------------------------------------------------------------------------ */

const W = 1280;
const H = 720;
const FONT = 'DejaVu Sans, Verdana, sans-serif';
const LINE_HEIGHT = 1.15;

const r1 = (n: number) => Math.round(n * 10) / 10;

/** An overlay document: 1280×720, transparent (no background rect). */
function svg(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}

interface TextOptions {
  anchor?: 'start' | 'middle' | 'end';
  fill?: string;
  /** Extra attributes, with a leading space. */
  extra?: string;
}

/** One line of bold text (escaped). */
function text(x: number, y: number, size: number, content: string, options: TextOptions = {}): string {
  const { anchor = 'middle', fill = '#fff', extra = '' } = options;
  return `<text x="${r1(x)}" y="${r1(y)}" font-family="${FONT}" font-weight="700" font-size="${r1(size)}" text-anchor="${anchor}" fill="${fill}"${extra}>${escapeXml(content)}</text>`;
}

/** The largest font size (≤ `maxFont`) at which one line of `content` fits `width`. */
function fitLine(content: string, width: number, maxFont: number): number {
  return Math.min(maxFont, width / Math.max(textWidth(content), 1));
}

/**
 * A title on one line, or on two balanced lines when one line would be small (SVG text does not
 * wrap): the largest font that fits `box`, the block's middle at `cy`.
 */
function titleLayout(title: string, box: { width: number; height: number; maxFont: number }): TitleLayout {
  const single = fitTitle(title, box, 1);
  const words = title.split(' ');
  if (single.fontSize >= box.maxFont * 0.75 || words.length < 2) return single;
  // The cut that makes the two lines the closest in width.
  let best = single;
  let bestDiff = Infinity;
  for (let cut = 1; cut < words.length; cut++) {
    const lines = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
    const widths = lines.map(textWidth);
    const diff = Math.abs((widths[0] ?? 0) - (widths[1] ?? 0));
    if (diff < bestDiff) {
      bestDiff = diff;
      const size = Math.min(box.maxFont, box.width / Math.max(...widths), box.height / (2 * LINE_HEIGHT));
      best = { lines, fontSize: size };
    }
  }
  return best.fontSize > single.fontSize ? best : single;
}

function titleBlock(
  title: string,
  cy: number,
  box: { width: number; height: number; maxFont: number },
): string {
  const layout = titleLayout(title, box);
  const size = layout.fontSize;
  const step = size * LINE_HEIGHT;
  // Baseline of the first line: centre the block, cap height ≈ 0.72 em.
  const first = cy - (step * (layout.lines.length - 1)) / 2 + size * 0.36;
  const shadow = ` stroke="#000" stroke-opacity="0.55" stroke-width="${r1(size * 0.05)}" paint-order="stroke" stroke-linejoin="round"`;
  return layout.lines.map((line, i) => text(W / 2, first + step * i, size, line, { extra: shadow })).join('');
}

/** A dark translucent rounded panel, so white text reads on any background. */
function panel(x: number, y: number, width: number, height: number, opacity = 0.55): string {
  return `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(width)}" height="${r1(height)}" rx="24" fill="#000" fill-opacity="${opacity}"/>`;
}

/** A bar in the item's colour. */
function accent(x: number, y: number, width: number, height: number, hue: number): string {
  return `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(width)}" height="${r1(height)}" rx="${r1(height / 2)}" fill="hsl(${hue},85%,60%)"/>`;
}

/** The small "ANTENNE" logo text, top left. */
function cornerLogo(hue: number): string {
  return (
    panel(32, 28, 262, 64, 0.45) +
    `<circle cx="64" cy="60" r="12" fill="hsl(${hue},85%,60%)"/>` +
    text(88, 73, 34, 'ANTENNE', { anchor: 'start', extra: ' letter-spacing="2"' })
  );
}

/** Programme title card: logo, genre, the title big, the demonstration line. */
function programmeSvg(title: string, genre: string, hue: number): string {
  return svg(
    cornerLogo(hue) +
      panel(80, 170, 1120, 390) +
      text(W / 2, 222, 30, genre.toUpperCase(), {
        fill: `hsl(${hue},90%,78%)`,
        extra: ' letter-spacing="4"',
      }) +
      titleBlock(title, 345, { width: 1040, height: 200, maxFont: 110 }) +
      accent(540, 466, 200, 8, hue) +
      text(W / 2, 524, 34, 'Antenne Monde — programme de démonstration', { fill: '#e8e8e8' }),
  );
}

/** Trailer card: the "BANDE-ANNONCE" band, the title, "prochainement". */
function trailerSvg(title: string, hue: number): string {
  const label = 'BANDE-ANNONCE';
  const size = 36;
  const bandWidth = textWidth(label) * size + 80;
  return svg(
    cornerLogo(hue) +
      `<rect x="${r1((W - bandWidth) / 2)}" y="170" width="${r1(bandWidth)}" height="64" rx="32" fill="hsl(${hue},80%,45%)" fill-opacity="0.9"/>` +
      text(W / 2, 215, size, label, { extra: ' letter-spacing="3"' }) +
      panel(80, 260, 1120, 300) +
      titleBlock(title, 375, { width: 1040, height: 180, maxFont: 104 }) +
      text(W / 2, 524, 34, 'Prochainement sur Antenne Monde', { fill: '#e8e8e8' }),
  );
}

/** The brand bumper: a stylised antenna sending waves, and the wordmark. */
function brandSvg(hue: number): string {
  const cx = W / 2;
  const cy = 230;
  const colour = `hsl(${hue},85%,62%)`;
  // Three pairs of arcs (±40° around the horizontal) on each side of the antenna's tip.
  const waves = [56, 100, 144]
    .map((r, i) => {
      const dx = r1(r * Math.cos(Math.PI / 4.5));
      const dy = r1(r * Math.sin(Math.PI / 4.5));
      const style = `fill="none" stroke="${i === 1 ? colour : '#fff'}" stroke-width="14" stroke-linecap="round"`;
      return (
        `<path d="M ${cx - dx} ${cy - dy} A ${r} ${r} 0 0 0 ${cx - dx} ${cy + dy}" ${style}/>` +
        `<path d="M ${cx + dx} ${cy - dy} A ${r} ${r} 0 0 1 ${cx + dx} ${cy + dy}" ${style}/>`
      );
    })
    .join('');
  const mast =
    `<path d="M ${cx} ${cy + 20} L ${cx - 56} ${cy + 170} M ${cx} ${cy + 20} L ${cx + 56} ${cy + 170} M ${cx - 34} ${cy + 110} L ${cx + 34} ${cy + 110}" fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<circle cx="${cx}" cy="${cy}" r="22" fill="${colour}" stroke="#fff" stroke-width="6"/>`;
  return svg(
    panel(240, 40, 800, 640, 0.5) +
      waves +
      mast +
      text(cx, 520, fitLine('Antenne Monde', 760, 92), 'Antenne Monde') +
      accent(cx - 150, 550, 300, 8, hue) +
      text(cx, 610, 34, 'La francophonie en partage', { fill: '#e8e8e8' }),
  );
}

/** The French CSA signalétique: the white "-N" disc and its sentence, on a dark panel. */
function csaSvg(age: 10 | 12 | 16): string {
  const cx = W / 2;
  const cy = 290;
  const sentence = `Déconseillé aux moins de ${age} ans`;
  const size = fitLine(sentence, 940, 50);
  const panelWidth = textWidth(sentence) * size + 100;
  return svg(
    `<circle cx="${cx}" cy="${cy}" r="168" fill="#000" fill-opacity="0.45"/>` +
      `<circle cx="${cx}" cy="${cy}" r="150" fill="#fff"/>` +
      text(cx, cy + 54, 150, `-${age}`, { fill: '#000', extra: ' letter-spacing="-4"' }) +
      panel((W - panelWidth) / 2, 500, panelWidth, 100, 0.65) +
      text(cx, 500 + 50 + size * 0.36, size, sentence),
  );
}

/** An ad: the brand big, its slogan, and the legal "PUBLICITÉ" label. */
function adSvg(brand: string, slogan: string, hue: number): string {
  const sloganSize = fitLine(slogan, 1000, 44);
  return svg(
    panel(1060, 28, 192, 52, 0.55) +
      text(1156, 64, 26, 'PUBLICITÉ', { extra: ' letter-spacing="2"' }) +
      panel(100, 220, 1080, 300) +
      text(W / 2, 360, fitLine(brand, 1000, 120), brand, { fill: `hsl(${hue},90%,72%)` }) +
      accent(520, 395, 240, 8, hue) +
      text(W / 2, 465, sloganSize, slogan),
  );
}

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
function subtitles(
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

interface Programme {
  title: string;
  genre: string;
  seconds: number;
  pattern: DemoPattern;
  hue: number;
  toneHz: number;
  script: Line[];
}

/* prettier-ignore */
const PROGRAMMES: Programme[] = [
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
const CLEARKEY_PROGRAMME: Programme = {
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
const AUDIO_DESCRIPTION_HZ = 990;

interface Trailer {
  title: string;
  pattern: DemoPattern;
  hue: number;
  toneHz: number;
  script: Line[];
}

/* prettier-ignore */
const TRAILERS: Trailer[] = [
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
const CSA_AGES = [10, 12, 16] as const;

/* prettier-ignore */
const ADS = [
  { brand: 'Café Baobab', slogan: 'Le goût du Sahel dans chaque tasse', seconds: 12, pattern: 'cellauto', hue: 25, toneHz: 294 },
  { brand: 'Air Alizé', slogan: 'Toute la francophonie à portée d\'aile', seconds: 15, pattern: 'smptebars', hue: 195, toneHz: 740 },
] as const;

/**
 * The ad creatives as the ad server describes them (the VAST ad title, where a click leads). Kept
 * out of the items so their cache hashes do not change with it. The click leads to this app's home
 * page: the demo advertisers have no site, and an outside address would not load offline.
 */
export const DEMO_ADS: readonly DemoAd[] = ADS.map((a, i) => ({ id: `ad-${i + 1}`, title: a.brand, clickThrough: '/' }));

/**
 * The whole demo media plan, built fresh on every call (plain data: the server hashes each
 * item into its cache key).
 */
export function demoMediaPlan(): DemoMediaItem[] {
  const programmes = PROGRAMMES.map((p, i): DemoMediaItem => ({
    id: `programme-${i + 1}`,
    kind: 'programme',
    seconds: p.seconds,
    pattern: p.pattern,
    hue: p.hue,
    toneHz: p.toneHz,
    overlaySvg: programmeSvg(p.title, p.genre, p.hue),
    timecode: true,
    subtitles: subtitles(p.seconds, p.script, ['fr', 'en', 'ar']),
    ...(i === 0 ? { audioDescription: { toneHz: AUDIO_DESCRIPTION_HZ } } : {}),
    output: 'stream',
  }));

  const clearkey: DemoMediaItem = {
    id: DEMO_CLEARKEY_PROGRAMME,
    kind: 'programme',
    seconds: CLEARKEY_PROGRAMME.seconds,
    pattern: CLEARKEY_PROGRAMME.pattern,
    hue: CLEARKEY_PROGRAMME.hue,
    toneHz: CLEARKEY_PROGRAMME.toneHz,
    overlaySvg: programmeSvg(CLEARKEY_PROGRAMME.title, CLEARKEY_PROGRAMME.genre, CLEARKEY_PROGRAMME.hue),
    timecode: true,
    subtitles: subtitles(CLEARKEY_PROGRAMME.seconds, CLEARKEY_PROGRAMME.script, ['fr', 'en', 'ar']),
    output: 'stream',
    encryption: 'cenc',
  };

  const trailers = TRAILERS.map((t, i): DemoMediaItem => ({
    id: DEMO_TRAILER_STREAMS[i] ?? `trailer-${i + 1}`,
    kind: 'trailer',
    seconds: 15,
    pattern: t.pattern,
    hue: t.hue,
    toneHz: t.toneHz,
    overlaySvg: trailerSvg(t.title, t.hue),
    timecode: true,
    subtitles: subtitles(15, t.script, ['fr', 'en']),
    output: 'stream',
  }));

  const brand: DemoMediaItem = {
    id: 'bumper-brand',
    kind: 'bumper',
    seconds: 5,
    pattern: 'cellauto',
    hue: 210,
    toneHz: 523,
    overlaySvg: brandSvg(210),
    timecode: false,
    subtitles: {},
    output: 'stream',
  };

  const csa = CSA_AGES.map((age, i): DemoMediaItem => ({
    id: `bumper-csa-${age}`,
    kind: 'bumper',
    seconds: 4,
    pattern: 'rgbcycle',
    hue: [140, 40, 0][i] ?? 0,
    toneHz: 1000,
    overlaySvg: csaSvg(age),
    timecode: false,
    subtitles: {},
    output: 'stream',
  }));

  const ads = ADS.map((a, i): DemoMediaItem => ({
    id: `ad-${i + 1}`,
    kind: 'ad',
    seconds: a.seconds,
    pattern: a.pattern,
    hue: a.hue,
    toneHz: a.toneHz,
    overlaySvg: adSvg(a.brand, a.slogan, a.hue),
    timecode: false,
    subtitles: {},
    output: 'mp4',
  }));

  return [...programmes, clearkey, ...trailers, brand, ...csa, ...ads];
}
