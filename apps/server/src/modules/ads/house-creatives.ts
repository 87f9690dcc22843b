import type { AdPage } from '@antenne/contract';

/**
 * The demo's house creatives: the broadcaster's own promotions, in the five languages of the app
 * (spec part 2 §9 "Language options"), rendered by `creative-image.ts` at the slot's exact size.
 * A creative may target pages and category tag ids; the decision prefers the targeted ones.
 */

export const AD_LANGUAGES = ['fr', 'en', 'de', 'es', 'ar'] as const;
export type AdLanguage = (typeof AD_LANGUAGES)[number];

export interface CreativeCopy {
  /** The promotion's line. */
  headline: string;
  /** The call to action on the button. */
  cta: string;
  /** The image's text alternative (what a screen reader says of the link). */
  alt: string;
}

export interface HouseCreative {
  id: string;
  /** Pages it is meant for (none: any page). */
  pages?: readonly AdPage[];
  /** Category tag ids it is meant for (none: any). */
  categories?: readonly string[];
  /** Where a click goes: a path of the app (opens in a new tab). */
  clickUrl: string;
  colors: { background: string; accent: string; text: string };
  copy: Readonly<Record<AdLanguage, CreativeCopy>>;
}

export const HOUSE_CREATIVES: readonly HouseCreative[] = [
  {
    id: 'promo-direct',
    clickUrl: '/details/vod/chaine-antenne-monde-info',
    colors: { background: '#0b2447', accent: '#e94560', text: '#ffffff' },
    copy: {
      fr: {
        headline: "L'info du monde en direct, 24 h sur 24",
        cta: 'Regarder',
        alt: 'Antenne Monde Info : l’info du monde en direct, 24 h sur 24. Regarder',
      },
      en: {
        headline: 'World news live, around the clock',
        cta: 'Watch',
        alt: 'Antenne Monde Info: world news live, around the clock. Watch',
      },
      de: {
        headline: 'Weltnachrichten live, rund um die Uhr',
        cta: 'Ansehen',
        alt: 'Antenne Monde Info: Weltnachrichten live, rund um die Uhr. Ansehen',
      },
      es: {
        headline: 'Las noticias del mundo en directo, 24 horas',
        cta: 'Ver',
        alt: 'Antenne Monde Info: las noticias del mundo en directo, 24 horas. Ver',
      },
      ar: {
        headline: 'أخبار العالم مباشرة على مدار الساعة',
        cta: 'شاهد',
        alt: 'أنتين موند إنفو: أخبار العالم مباشرة على مدار الساعة. شاهد',
      },
    },
  },
  {
    id: 'promo-compte',
    pages: ['home'],
    clickUrl: '/create-account',
    colors: { background: '#1b4332', accent: '#ffd166', text: '#ffffff' },
    copy: {
      fr: {
        headline: 'Créez votre compte gratuit et reprenez où vous en étiez',
        cta: 'Créer un compte',
        alt: 'Antenne : créez votre compte gratuit et reprenez où vous en étiez. Créer un compte',
      },
      en: {
        headline: 'Create your free account and pick up where you left off',
        cta: 'Sign up',
        alt: 'Antenne: create your free account and pick up where you left off. Sign up',
      },
      de: {
        headline: 'Kostenloses Konto anlegen und dort weiterschauen, wo Sie waren',
        cta: 'Registrieren',
        alt: 'Antenne: kostenloses Konto anlegen und dort weiterschauen, wo Sie waren. Registrieren',
      },
      es: {
        headline: 'Crea tu cuenta gratis y sigue donde lo dejaste',
        cta: 'Crear cuenta',
        alt: 'Antenne: crea tu cuenta gratis y sigue donde lo dejaste. Crear cuenta',
      },
      ar: {
        headline: 'أنشئ حسابك المجاني وتابع من حيث توقفت',
        cta: 'إنشاء حساب',
        alt: 'أنتين: أنشئ حسابك المجاني وتابع من حيث توقفت. إنشاء حساب',
      },
    },
  },
  {
    id: 'promo-jeunesse',
    pages: ['details', 'category'],
    categories: ['category:jeunesse'],
    clickUrl: '/details/vod/chaine-antenne-monde-jeunesse',
    colors: { background: '#5a189a', accent: '#ffbe0b', text: '#ffffff' },
    copy: {
      fr: {
        headline: 'Antenne Junior : dessins animés et séries pour les enfants',
        cta: 'Découvrir',
        alt: 'Antenne Junior : dessins animés et séries pour les enfants. Découvrir',
      },
      en: {
        headline: 'Antenne Junior: cartoons and series for children',
        cta: 'Discover',
        alt: 'Antenne Junior: cartoons and series for children. Discover',
      },
      de: {
        headline: 'Antenne Junior: Zeichentrick und Serien für Kinder',
        cta: 'Entdecken',
        alt: 'Antenne Junior: Zeichentrick und Serien für Kinder. Entdecken',
      },
      es: {
        headline: 'Antenne Junior: dibujos animados y series infantiles',
        cta: 'Descubrir',
        alt: 'Antenne Junior: dibujos animados y series infantiles. Descubrir',
      },
      ar: {
        headline: 'أنتين جونيور: رسوم متحركة ومسلسلات للأطفال',
        cta: 'اكتشف',
        alt: 'أنتين جونيور: رسوم متحركة ومسلسلات للأطفال. اكتشف',
      },
    },
  },
  {
    id: 'promo-cinema',
    categories: ['category:cinema'],
    clickUrl: '/search',
    colors: { background: '#370617', accent: '#f48c06', text: '#ffffff' },
    copy: {
      fr: {
        headline: 'Le cinéma francophone, de nouveaux films chaque semaine',
        cta: 'Voir les films',
        alt: 'Antenne Cinéma : le cinéma francophone, de nouveaux films chaque semaine. Voir les films',
      },
      en: {
        headline: 'French-language cinema, new films every week',
        cta: 'See the films',
        alt: 'Antenne Cinema: French-language cinema, new films every week. See the films',
      },
      de: {
        headline: 'Französischsprachiges Kino, jede Woche neue Filme',
        cta: 'Zu den Filmen',
        alt: 'Antenne Kino: französischsprachiges Kino, jede Woche neue Filme. Zu den Filmen',
      },
      es: {
        headline: 'Cine francófono, películas nuevas cada semana',
        cta: 'Ver películas',
        alt: 'Antenne Cine: cine francófono, películas nuevas cada semana. Ver películas',
      },
      ar: {
        headline: 'السينما الفرنكوفونية، أفلام جديدة كل أسبوع',
        cta: 'شاهد الأفلام',
        alt: 'أنتين سينما: السينما الفرنكوفونية، أفلام جديدة كل أسبوع. شاهد الأفلام',
      },
    },
  },
];

/** The language of a `lang` parameter (`en`, `en-GB`), French when absent or not one of the five. */
export function adLanguageOf(lang: string | undefined): AdLanguage {
  const base = (lang ?? '').slice(0, 2).toLowerCase();
  return (AD_LANGUAGES as readonly string[]).includes(base) ? (base as AdLanguage) : 'fr';
}
