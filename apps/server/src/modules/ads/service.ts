import { createHash, randomUUID } from 'node:crypto';
import {
  AD_SLOT_SIZES,
  displayAdPaths,
  type AdDisplayEvent,
  type AdPage,
  type AdsReport,
  type AdSizeClass,
  type AdSlotPosition,
  type DisplayAd,
  type DisplayAdDecision,
} from '@antenne/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Tenant } from '../../lib/business-unit.js';
import { ApiError } from '../../lib/errors.js';
import { DAY_MS, utcDay, utcDaysFrom } from '../../lib/utc-days.js';
import { renderCreativeSvg } from './creative-image.js';
import { adLanguageOf, HOUSE_CREATIVES, type HouseCreative } from './house-creatives.js';
import * as repo from './repository.js';
import { adsAllowed, requireTrackingConsent, type AdViewer } from './viewer.js';

/**
 * Display ads (issue 17; README.md): the decision of a slot (which house creative, at which size,
 * under which ad unit), the creatives' images, the tracking of served creatives, viewable
 * impressions and clicks, and the staff dashboard's ads report. No HTTP here.
 */

/** Decisions and tracking requests a client address may send per minute before 429. */
export const TRACKING_LIMIT_PER_MINUTE = 120;
const MINUTE_MS = 60_000;

export interface DisplayAdsConfig {
  /** `house`: our creatives; `gpt`: the web app defines Google Publisher Tag slots instead (docs/display-ads.md). */
  provider: 'house' | 'gpt';
  /** The ad network's code (GPT's network code, the spec's fixed publisher id). */
  networkCode: string;
  /** The two site names the ad unit alternates between (spec part 2 §9). */
  siteNames: readonly [string, string];
}

export interface DisplayAdsDeps {
  db: Kysely<Database>;
  tenant: Tenant;
  config: DisplayAdsConfig;
  clock?: () => number;
  creatives?: readonly HouseCreative[];
  /** Requests per client and minute (tests lower it). */
  limitPerMinute?: number;
  /** Days of tracking events kept (the audience events' ANALYTICS_RETENTION_DAYS); older days are deleted. */
  retentionDays?: number;
}

/** Tracking events kept by default: as the audience events (13 months). */
const DEFAULT_RETENTION_DAYS = 395;
/** How often the retention purge runs, at most (on the next recorded event after that). */
const PURGE_EVERY_MS = 60 * 60 * 1000;

export interface DecisionInput {
  slot: AdSlotPosition;
  size: AdSizeClass;
  page: AdPage;
  category?: string | undefined;
  consent?: string | undefined;
  view?: number | undefined;
  index?: number | undefined;
  lang?: string | undefined;
}

export interface TrackInput {
  event: AdDisplayEvent;
  adId: string;
  slot: AdSlotPosition;
  size: AdSizeClass;
  page: AdPage;
  consent?: string | undefined;
}

/** The ad unit GPT would be asked for: `/<network>/<site name>/<page>/<slot>`. */
export const adUnitOf = (networkCode: string, siteName: string, page: AdPage, slot: AdSlotPosition) =>
  `/${networkCode}/${siteName}/${page}/${slot}`;

export class DisplayAdsService {
  private readonly db: Kysely<Database>;
  private readonly clock: () => number;
  private readonly creatives: readonly HouseCreative[];
  private readonly limit: number;
  /** Rotation and site-name alternation when the client gives no page view number. */
  private turn = 0;
  private nextPurgeAt = 0;

  constructor(private readonly deps: DisplayAdsDeps) {
    this.db = deps.db;
    this.clock = deps.clock ?? Date.now;
    this.creatives = deps.creatives ?? HOUSE_CREATIVES;
    this.limit = deps.limitPerMinute ?? TRACKING_LIMIT_PER_MINUTE;
  }

  get provider() {
    return this.deps.config.provider;
  }

  /**
   * The creative for a slot, or null: no advertising consent, a US visitor, or nothing to show.
   * Creatives targeting this page and category come first (then those targeting the page or the
   * category, then untargeted ones); among equals the page view (plus the slot's order on the page) rotates. A served creative is
   * recorded (`served`). With the GPT provider no house creative is chosen: the answer names the
   * GPT slot (ad unit and size) the web app defines instead.
   */
  async decide(input: DecisionInput, viewer: AdViewer): Promise<DisplayAdDecision> {
    if (!adsAllowed(viewer, input.consent)) return { ad: null };
    await this.countRequest(viewer.address);
    const turn = input.view ?? this.turn++;
    const siteName = this.deps.config.siteNames[turn % 2]!;
    const adUnit = adUnitOf(this.deps.config.networkCode, siteName, input.page, input.slot);
    const [width, height] = AD_SLOT_SIZES[input.slot][input.size];
    if (this.provider === 'gpt') return { ad: null, gpt: { adUnit, width, height } };
    const creative = this.pick(input.page, input.category, turn + (input.index ?? 0));
    if (creative === undefined) return { ad: null };
    const lang = adLanguageOf(input.lang);
    const tenant = this.deps.tenant;
    const track = (event: AdDisplayEvent) =>
      `${displayAdPaths.track(tenant)}?${new URLSearchParams({
        event,
        adId: creative.id,
        slot: input.slot,
        size: input.size,
        page: input.page,
      }).toString()}`;
    await this.record('served', creative.id, input);
    const ad: DisplayAd = {
      adId: creative.id,
      slot: input.slot,
      size: input.size,
      width,
      height,
      imageUrl: `${displayAdPaths.creative(tenant, creative.id, width, height)}?lang=${lang}`,
      clickUrl: creative.clickUrl,
      altText: creative.copy[lang].alt,
      adUnit,
      siteName,
      impressionUrl: track('impression'),
      clickTrackingUrl: track('click'),
    };
    return { ad };
  }

  /** A creative's image: 404 for an unknown creative or a size no slot has. */
  creativeImage(adId: string, width: number, height: number, lang: string | undefined): string {
    const creative = this.creatives.find((c) => c.id === adId);
    if (creative === undefined) throw new ApiError(404, 'NOT_FOUND', 'no such creative');
    const sizes = Object.values(AD_SLOT_SIZES).flatMap((bySize) => Object.values(bySize));
    if (!sizes.some(([w, h]) => w === width && h === height))
      throw new ApiError(404, 'NOT_FOUND', 'no slot has this size');
    return renderCreativeSvg(creative, width, height, adLanguageOf(lang));
  }

  /**
   * Records a viewable impression or a click (or a `served` a client reports): only with
   * advertising consent (403), for a known creative (400), within the client's rate (429).
   */
  async track(input: TrackInput, viewer: AdViewer): Promise<void> {
    requireTrackingConsent(viewer, input.consent);
    if (!this.creatives.some((c) => c.id === input.adId))
      throw new ApiError(400, 'BAD_REQUEST', 'adId: unknown ad');
    await this.countRequest(viewer.address);
    await this.record(input.event, input.adId, input);
  }

  /** The staff dashboard's ads figures over [from, to] (UTC days, inclusive). */
  async report({ from, to }: { from: string; to: string }): Promise<AdsReport> {
    const rows = await repo.countDisplayEventsByDay(this.db, from, to);
    const daily: AdsReport['daily'] = [];
    for (const day of utcDaysFrom(from, to)) {
      const count = (event: string) => rows.find((r) => r.day === day && r.event === event)?.count ?? 0;
      daily.push({ day, served: count('served'), impressions: count('impression'), clicks: count('click') });
    }
    const sum = (key: 'served' | 'impressions' | 'clicks') => daily.reduce((total, d) => total + d[key], 0);
    const served = sum('served');
    const impressions = sum('impressions');
    return {
      served,
      impressions,
      clicks: sum('clicks'),
      viewableRate: served === 0 ? 0 : Math.min(1, impressions / served),
      daily,
    };
  }

  private pick(page: AdPage, category: string | undefined, turn: number): HouseCreative | undefined {
    const score = (c: HouseCreative) => {
      if (c.pages !== undefined && !c.pages.includes(page)) return -1;
      if (c.categories !== undefined && (category === undefined || !c.categories.includes(category)))
        return -1;
      return (c.pages ? 1 : 0) + (c.categories ? 2 : 0);
    };
    const best = Math.max(-1, ...this.creatives.map(score));
    const candidates = this.creatives.filter((c) => score(c) === best && best >= 0);
    return candidates[turn % Math.max(1, candidates.length)];
  }

  private async record(
    event: AdDisplayEvent,
    adId: string,
    where: { slot: string; size: string; page: string },
  ) {
    const now = this.clock();
    if (now >= this.nextPurgeAt) await this.purge(now);
    await repo.insertDisplayEvent(this.db, {
      id: randomUUID(),
      day: utcDay(now),
      slot: where.slot,
      size: where.size,
      page: where.page,
      ad_id: adId,
      event,
      received_at: new Date(now).toISOString(),
    });
  }

  /** Forgets the tracking events of the days past the retention (at most hourly, when one is recorded). */
  async purge(now = this.clock()): Promise<void> {
    const days = this.deps.retentionDays ?? DEFAULT_RETENTION_DAYS;
    await repo.deleteDisplayEventsBefore(this.db, utcDay(now - (days - 1) * DAY_MS));
    this.nextPurgeAt = now + PURGE_EVERY_MS;
  }

  private async countRequest(address: string): Promise<void> {
    const now = this.clock();
    const key = createHash('sha256').update(`antenne-ads:${address}`).digest('hex').slice(0, 40);
    const count = await repo.countClientRequest(this.db, key, now - (now % MINUTE_MS));
    if (count > this.limit)
      throw new ApiError(429, 'TOO_MANY_REQUESTS', 'too many ad requests: try again later');
  }
}
