import type { CatalogueFile as ImportDocument } from '@antenne/contract';

/**
 * The catalogue import document (version 1), as documented in docs/catalogue-format.md, with
 * the narrower types this package writes it with (five texts per title, literal verbs ...).
 * The format itself is the contract's `CatalogueFileSchema`; the assertion at the end of this
 * file makes a drift between the two a build error, and the content test checks the document
 * against the server's real validation.
 */

export const LOCALES = ['fr', 'en', 'de', 'es', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
/** One text per interface language; `fr` is the original. */
export type Texts = Record<Locale, string>;

export type MonetisationType =
  'Free' | 'Advertising' | 'Transactional' | 'ElectronicSellThrough' | 'Subscription' | 'Catchup';

export type AssetType =
  | 'MOVIE'
  | 'TV_SHOW'
  | 'EPISODE'
  | 'CLIP'
  | 'TV_CHANNEL'
  | 'AD'
  | 'LIVE_EVENT'
  | 'COLLECTION'
  | 'PODCAST'
  | 'PODCAST_EPISODE'
  | 'EVENT'
  | 'OTHER';

export interface Image {
  url: string;
  type?: string;
  orientation?: 'PORTRAIT' | 'LANDSCAPE' | 'SQUARE' | 'UNKNOWN';
  width?: number;
  height?: number;
  priority?: number;
}

export interface Product {
  id: string;
  name: string;
  monetisationType: MonetisationType;
  maxAds?: number;
}

export interface Tag {
  tagId: string;
  scheme: string;
  localized: { locale: Locale; title: string; description?: string; images?: Image[] }[];
}

export interface Localized {
  locale: Locale;
  title: string;
  sortingTitle?: string;
  description?: string;
  shortDescription?: string;
  longDescription?: string;
  tinyDescription?: string;
  images?: Image[];
}

export interface Publication {
  publicationId: string;
  publicationDate?: string;
  fromDate: string;
  toDate: string;
  countries?: string[];
  products: string[];
  services?: string[];
  rights?: { maxAds?: number; [key: string]: unknown };
}

export interface Participant {
  personId?: string;
  name: string;
  function?: 'director' | 'actor' | 'host' | 'presenter';
  role?: string;
}

export interface Asset {
  assetId: string;
  type: AssetType;
  slug?: string;
  tvShowId?: string;
  seasonId?: string;
  season?: number;
  episode?: number;
  productionYear?: number;
  productionCountries?: string[];
  duration?: number;
  popularity?: number;
  localized: Localized[];
  tags?: { scheme: string; tagId: string }[];
  parentalRatings?: { country?: string; scheme: string; rating: string }[];
  participants?: Participant[];
  linkedEntities?: { entityId: string; entityType?: string; linkType?: string }[];
  externalReferences?: { type?: string; locator?: string; value?: string }[];
  subtitles?: string[];
  spokenLanguages?: string[];
  medias?: {
    mediaId: string;
    format: 'HLS' | 'DASH';
    drm?: string;
    durationMillis?: number;
    status?: string;
  }[];
  publications?: Publication[];
  customData?: { programme: string; [key: string]: string | number | boolean };
  created?: string;
  changed?: string;
}

export interface Season {
  seasonId: string;
  tvShowId: string;
  season: number;
  localized?: Localized[];
  startYear?: number;
  endYear?: number;
}

export interface WlImage {
  url: string;
  orientation?: string;
  tags?: string[];
  width?: number;
  height?: number;
}

export interface PresentationItem {
  title?: string;
  subTitle?: string;
  body?: string;
  images?: WlImage[];
  trailerAssetId?: string;
  backgroundColor?: string;
}

export interface Presentation {
  fallback: PresentationItem;
  localized?: Partial<Record<Locale, PresentationItem>>;
}

export interface Reference {
  type?: string;
  name?: string;
  appType: string;
  appSubType?: string;
  referenceId: string;
  referenceUrl?: string;
  parameters?: Record<string, string>;
  images?: { url: string; tags?: string[] }[];
  hasAuthorizedContent?: boolean;
}

export type Verb = 'NavigateToPage' | 'NavigateToDetails' | 'PlayAsset' | 'ExternalLink';

export interface Action {
  type: string;
  verb: Verb;
  componentId?: string;
  assetId?: string;
  url?: string;
  slugs?: string[];
}

export interface MenuItem {
  /** Exposure's ApiComponentBase discriminator (ApiComponent requires it). */
  type?: string;
  appType: string;
  appSubType?: string;
  presentation: Presentation;
  actions: { default: Action };
}

/** A hero-banner item (Exposure ApiComponent): a menu item with the `content` it presents. */
export interface HeroItem extends MenuItem {
  content: { type: 'PresentationFromAsset'; presentation: Presentation };
}

export interface Component {
  id: string;
  appType: string;
  type?: string;
  name?: string;
  appSubType?: string;
  presentation?: Presentation;
  contentUrl?: { type: string; url: string; authorized: boolean };
  components?: {
    pageBody?: Reference[];
    menuItems?: MenuItem[];
    heroBannerItems?: HeroItem[];
    /** Menu items with an ExternalUrlAction (Exposure's footer). */
    socialMediaLinks?: MenuItem[];
  };
  actions?: { default: Action };
  parameters?: Record<string, string>;
}

export interface Config {
  id: string;
  name: string;
  presentation: Presentation;
  components: Record<string, Reference[]>;
  parameters?: Record<string, string>;
  theme?: Record<string, string>;
}

export interface CatalogueFile {
  version: 1;
  customer?: string;
  businessUnit?: string;
  products?: Product[];
  tags?: Tag[];
  assets?: Asset[];
  seasons?: Season[];
  structure?: { config?: Config; components?: Component[] };
}

/** Compile-time check: every document of this package is a valid `CatalogueFile` of the contract. */
type MustBeImportDocument<T extends ImportDocument> = T;
export type CheckedCatalogueFile = MustBeImportDocument<CatalogueFile>;
