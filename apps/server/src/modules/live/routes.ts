import {
  epgPatterns as routes,
  ChannelEpgListSchema,
  ChannelEpgSchema,
  ChannelOnNowListSchema,
  EpgDateParamSchema,
  EpgDateQuerySchema,
  ErrorBodySchema,
  EventListSchema,
  EventQuerySchema,
  OnNowQuerySchema,
  ProgramSchema,
} from '@antenne/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Tenant } from '../../lib/business-unit.js';
import { exposureScope } from '../../lib/exposure-scope.js';
import {
  NotModifiedSchema,
  normalisedUrl,
  publicAnswer,
  sendAnswer,
  type PublicAnswer,
} from '../../lib/http-cache.js';
import type { CatalogueSnapshot } from '../catalogue/index.js';
import type { EpgService, Timed } from './service.js';

export interface LiveRoutesOptions {
  tenant: Tenant;
  /** The app's one EPG service. */
  epg: EpgService;
}

const Id = (description: string) =>
  Type.String({ minLength: 1, maxLength: 160, pattern: '^[A-Za-z0-9_.:-]+$', description });
const TenantParams = { customer: Type.String(), businessUnit: Type.String() };
const ChannelParams = Type.Object({ ...TenantParams, channelId: Id('a TV_CHANNEL asset id or slug') });
const DateParams = Type.Object({ ...TenantParams, date: EpgDateParamSchema });
const ChannelDateParams = Type.Object({ ...ChannelParams.properties, date: EpgDateParamSchema });
const ProgramParams = Type.Object({
  ...ChannelParams.properties,
  programId: Id('a programme id, or its start in epoch milliseconds'),
});
const AssetParams = Type.Object({ ...TenantParams, assetId: Id('an asset id or slug') });
const ClientQuery = Type.Object({ client: Type.Optional(Type.String({ maxLength: 100 })) });

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema };
const dated = { 304: NotModifiedSchema, ...errors, 422: ErrorBodySchema };

/** Serialised date answers kept per catalogue version and minute (catch-up and the window move with time). */
const MAX_ANSWERS = 2000;

/**
 * The EPG calls (Exposure notes §8): the schedule by date (one channel, every channel), one
 * programme and the next, a title's next airing, what is on now, live events. Date answers are
 * public and cacheable (ETag of the catalogue version, the minute and the URL); on-now answers
 * are cacheable until the next programme change, at most 60 s.
 */
export const liveRoutes: FastifyPluginAsyncTypebox<LiveRoutesOptions> = async (app, { tenant, epg }) => {
  let store: { key: string; answers: Map<string, Promise<PublicAnswer>> } = { key: '', answers: new Map() };

  async function cached(
    request: FastifyRequest,
    reply: FastifyReply,
    compute: (snapshot: CatalogueSnapshot) => Promise<unknown>,
  ) {
    const snapshot = await epg.snapshot();
    const minute = Math.floor(epg.clock() / 60_000);
    const storeKey = `${snapshot.version}:${minute}`;
    if (store.key !== storeKey) store = { key: storeKey, answers: new Map() };
    const answers = store.answers;
    const key = `${minute}|${normalisedUrl(request.url)}`;
    let entry = answers.get(key);
    if (entry === undefined) {
      entry = compute(snapshot).then((value) =>
        publicAnswer(snapshot.version, key, reply.serialize(value) as string),
      );
      if (answers.size >= MAX_ANSWERS) answers.clear();
      answers.set(key, entry);
      entry.catch(() => answers.delete(key));
    }
    return sendAnswer(request, reply, await entry);
  }

  async function timed<T>(reply: FastifyReply, compute: (snapshot: CatalogueSnapshot) => Promise<Timed<T>>) {
    const { answer, maxAgeS } = await compute(await epg.snapshot());
    reply.header('cache-control', `public, max-age=${maxAgeS}`);
    return answer;
  }

  await exposureScope(app, { tenant, patterns: routes }, (scope) => {
    scope.get(
      routes.channelDate.pattern,
      {
        schema: {
          tags: ['epg'],
          summary: "A channel's programmes over a day (and days around it), paged",
          description:
            'The channel by id or slug (`channel-59`: the first channel, ADR 0022). 422 DATE_REQUESTED_OUTSIDE_VALID_WINDOW when the days leave today ± 7 (UTC).',
          params: ChannelDateParams,
          querystring: EpgDateQuerySchema,
          response: { 200: ChannelEpgSchema, ...dated },
        },
      },
      (request, reply) =>
        cached(request, reply, (snapshot) =>
          epg.channelDate(snapshot, request.params.channelId, request.params.date, request.query),
        ),
    );

    scope.get(
      routes.allDate.pattern,
      {
        schema: {
          tags: ['epg'],
          summary: "Every channel's programmes over a day, a bucket per channel with programmes in the page",
          description: 'Paged over the programmes in channel order, each channel by start time.',
          params: DateParams,
          querystring: EpgDateQuerySchema,
          response: { 200: ChannelEpgListSchema, ...dated },
        },
      },
      (request, reply) =>
        cached(request, reply, (snapshot) => epg.allDate(snapshot, request.params.date, request.query)),
    );

    scope.get(
      routes.program.pattern,
      {
        schema: {
          tags: ['epg'],
          summary: 'One programme (404 PROGRAM_NOT_FOUND)',
          params: ProgramParams,
          querystring: ClientQuery,
          response: { 200: ProgramSchema, 304: NotModifiedSchema, ...errors },
        },
      },
      (request, reply) =>
        cached(request, reply, (snapshot) =>
          epg.program(snapshot, request.params.channelId, request.params.programId),
        ),
    );

    scope.get(
      routes.programNext.pattern,
      {
        schema: {
          tags: ['epg'],
          summary: 'The programme after this one on its channel (404 NEXT_PROGRAM_NOT_FOUND)',
          params: ProgramParams,
          querystring: ClientQuery,
          response: { 200: ProgramSchema, 304: NotModifiedSchema, ...errors },
        },
      },
      (request, reply) =>
        cached(request, reply, (snapshot) =>
          epg.programNext(snapshot, request.params.channelId, request.params.programId),
        ),
    );

    scope.get(
      routes.assetNext.pattern,
      {
        schema: {
          tags: ['epg'],
          summary: "A title's next airing on any channel (404 NEXT_PROGRAM_NOT_FOUND)",
          params: AssetParams,
          querystring: ClientQuery,
          response: { 200: ProgramSchema, 304: NotModifiedSchema, ...errors },
        },
      },
      (request, reply) =>
        cached(request, reply, (snapshot) => epg.assetNext(snapshot, request.params.assetId)),
    );

    scope.get(
      routes.channelOnNow.pattern,
      {
        schema: {
          tags: ['epg'],
          summary: "A channel's programme on air and the next one",
          description: 'Cache-Control: max-age until the next programme change, at most 60 s.',
          params: ChannelParams,
          querystring: ClientQuery,
          response: { 200: ChannelEpgSchema, ...errors },
        },
      },
      (request, reply) => timed(reply, (snapshot) => epg.channelOnNow(snapshot, request.params.channelId)),
    );

    scope.get(
      routes.onNow.pattern,
      {
        schema: {
          tags: ['epg'],
          summary: "Every channel's programme on air, then those starting within minutesForward",
          description: 'Cache-Control: max-age until the next programme change, at most 60 s.',
          params: Type.Object(TenantParams),
          querystring: OnNowQuerySchema,
          response: { 200: ChannelOnNowListSchema, ...errors },
        },
      },
      (request, reply) => timed(reply, (snapshot) => epg.onNow(snapshot, request.query)),
    );

    scope.get(
      routes.events.pattern,
      {
        schema: {
          tags: ['epg'],
          summary: 'The airings of live events (LIVE_EVENT titles) over a day and days around it',
          params: DateParams,
          querystring: EventQuerySchema,
          response: { 200: EventListSchema, 304: NotModifiedSchema, ...errors },
        },
      },
      (request, reply) =>
        cached(request, reply, (snapshot) => epg.events(snapshot, request.params.date, request.query)),
    );
  });
};
