import { Type, type Static } from 'typebox';
import { CONSENT_STRING_MAX } from './consent.js';
import { AD_DISPLAY_EVENTS, AD_PAGES, AD_SIZE_CLASSES, AD_SLOTS } from './display-ads.js';

/** The display ads' request and answer schemas (display-ads.ts has the values the web app uses). */

/** Our consent string as an ad call carries it (`consent`, docs/consent.md): the pre-roll's and the display slots'. */
export const ConsentStringSchema = Type.String({
  maxLength: CONSENT_STRING_MAX,
  description: 'our consent string: v1;analytics=0|1;advertising=0|1;at=<s>',
});
const Category = Type.String({
  maxLength: 100,
  pattern: '^[A-Za-z0-9:_.-]*$',
  description: 'a category tag id',
});
const AdId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9-]+$' });

export const DisplayAdQuerySchema = Type.Object({
  slot: Type.Enum(AD_SLOTS),
  size: Type.Enum(AD_SIZE_CLASSES),
  page: Type.Enum(AD_PAGES),
  category: Type.Optional(Category),
  consent: Type.Optional(ConsentStringSchema),
  view: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, description: 'the page view number' })),
  index: Type.Optional(Type.Integer({ minimum: 0, maximum: 9, description: "the slot's order on the page" })),
  lang: Type.Optional(Type.String({ maxLength: 8, pattern: '^[a-z]{2}(-[A-Za-z]{2})?$' })),
});

export const DisplayAdTrackQuerySchema = Type.Object({
  event: Type.Enum(AD_DISPLAY_EVENTS),
  adId: AdId,
  slot: Type.Enum(AD_SLOTS),
  size: Type.Enum(AD_SIZE_CLASSES),
  page: Type.Enum(AD_PAGES),
  consent: Type.Optional(ConsentStringSchema),
});

export const DisplayAdCreativeParamsSchema = Type.Object({
  customer: Type.String(),
  businessUnit: Type.String(),
  adId: AdId,
  size: Type.String({ maxLength: 16, pattern: '^\\d{2,4}x\\d{2,4}\\.svg$' }),
});

export const DisplayAdSchema = Type.Object(
  {
    adId: Type.String(),
    slot: Type.Enum(AD_SLOTS),
    size: Type.Enum(AD_SIZE_CLASSES),
    width: Type.Integer(),
    height: Type.Integer(),
    imageUrl: Type.String(),
    clickUrl: Type.String(),
    altText: Type.String(),
    adUnit: Type.String(),
    siteName: Type.String(),
    impressionUrl: Type.String(),
    clickTrackingUrl: Type.String(),
  },
  { title: 'DisplayAd' },
);

export const DisplayAdDecisionSchema = Type.Object(
  {
    ad: Type.Union([DisplayAdSchema, Type.Null()]),
    gpt: Type.Optional(
      Type.Object(
        { adUnit: Type.String(), width: Type.Integer(), height: Type.Integer() },
        { description: 'ADS_PROVIDER=gpt: the Google Publisher Tag slot to define instead' },
      ),
    ),
  },
  { title: 'DisplayAdDecision' },
);
export type DisplayAdQueryInput = Static<typeof DisplayAdQuerySchema>;
export type DisplayAdTrackInput = Static<typeof DisplayAdTrackQuerySchema>;
