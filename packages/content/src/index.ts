import { demoChannelProgrammes } from './catalogue/channel-programmes.js';
import { demoChannels } from './catalogue/channels.js';
import { demoFilms, demoTrailers } from './catalogue/films.js';
import { demoPodcastEpisodes, demoPodcasts } from './catalogue/podcasts.js';
import { demoProducts } from './catalogue/products.js';
import { demoEpisodes, demoSeasons, demoSeries } from './catalogue/series.js';
import { demoStructure } from './catalogue/structure.js';
import { demoTags } from './catalogue/tags.js';
import type { CatalogueFile } from './catalogue/types.js';

export { DEMO_PROGRAMMES, CSA, type DemoProgramme } from './catalogue/common.js';
export * from './schedule/index.js';
export { FOOTER_GROUPS, FOOTER_SEPARATOR } from './catalogue/structure.js';
export type * from './catalogue/types.js';

/** The demo broadcaster's tenant. */
export const DEMO_CUSTOMER = 'antenne';
export const DEMO_BUSINESS_UNIT = 'monde';

/**
 * The whole catalogue of the demo broadcaster Antenne Monde, as one import document
 * (docs/catalogue-format.md): plain JSON, built fresh on every call.
 * Tags, products and referenced assets come before what refers to them.
 */
export function demoCatalogue(): CatalogueFile {
  return {
    version: 1,
    customer: DEMO_CUSTOMER,
    businessUnit: DEMO_BUSINESS_UNIT,
    products: demoProducts(),
    tags: demoTags(),
    assets: [
      ...demoChannels(),
      ...demoChannelProgrammes(),
      ...demoFilms(),
      ...demoTrailers(),
      ...demoSeries(),
      ...demoEpisodes(),
      ...demoPodcasts(),
      ...demoPodcastEpisodes(),
    ],
    seasons: demoSeasons(),
    structure: demoStructure(),
  };
}
