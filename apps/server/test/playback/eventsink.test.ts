import { accountPaths, playbackPaths, type LoginResponse } from '@antenne/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { engines, TENANT } from '../helpers/test-app.js';
import { ASSETS, bearer, newHousehold, play, usePlayback, START, type PlaybackFixture } from './helpers.js';

/** The eventsink: player events, bookmarks and their refusals. */
describe.each(engines)('protected media, licence, ads and eventsink (%s)', (engine) => {
  const { state, auth } = usePlayback(engine);
  let f: PlaybackFixture;
  let user: LoginResponse;
  beforeAll(() => {
    ({ f, user } = state());
  });

  describe('eventsink', () => {
    const send = (
      batch: Record<string, unknown>,
      headers: Record<string, string> = {},
      contentType = 'application/json',
    ) =>
      f.app.inject({
        method: 'POST',
        url: playbackPaths.eventsinkSend(TENANT),
        headers: { 'content-type': contentType, ...headers },
        payload: JSON.stringify(batch),
      });
    const batchOf = (sessionId: string, events: Record<string, unknown>[]) => ({
      DispatchTime: START,
      Customer: TENANT.customer,
      BusinessUnit: TENANT.businessUnit,
      SessionId: sessionId,
      Payload: events,
    });
    const offsets = async (sessionToken: string) => {
      const response = await f.app.inject({
        url: accountPaths.lastViewedOffset(TENANT),
        headers: bearer(sessionToken),
      });
      return response.json<{ items: { assetId: string; lastViewedOffset: number }[] }>().items;
    };

    test('init answers the configuration', async () => {
      const response = await f.app.inject({
        method: 'POST',
        url: playbackPaths.eventsinkInit(TENANT),
        payload: {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        secondsUntilNextReport: 3,
        includeApplicationMetrics: false,
        includeNetworkMetrics: false,
        includeGpsMetrics: false,
        includeDeviceMetrics: false,
        timestampNow: START,
      });
    });

    test('events are stored; the newest playhead becomes this profile’s bookmark, and the next play resumes there', async () => {
      const body = await play(f.app, ASSETS.free, auth());
      const response = await send(
        batchOf(body.playSessionId, [
          { EventType: 'Playback.Created', Timestamp: START, AssetId: ASSETS.free, SequenceNumber: 0 },
          { EventType: 'Playback.Started', Timestamp: START + 1000, OffsetTime: 0, SequenceNumber: 1 },
          { EventType: 'Playback.AdStarted', Timestamp: START + 1500, OffsetTime: 99_000, SequenceNumber: 2 },
          {
            EventType: 'Playback.Heartbeat',
            Timestamp: START + 20_000,
            OffsetTime: 19_000,
            SequenceNumber: 4,
          },
          { EventType: 'Playback.Paused', Timestamp: START + 10_000, OffsetTime: 9000, SequenceNumber: 3 },
        ]),
        auth(),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ secondsUntilNextReport: 3 });
      const stored = await f.db
        .selectFrom('playback_events')
        .selectAll()
        .where('play_session_id', '=', body.playSessionId)
        .execute();
      expect(stored).toHaveLength(5);
      expect(stored.find((e) => e.event_type === 'Playback.Heartbeat')).toMatchObject({
        household_id: user.accountId,
        profile_id: user.userId,
        asset_id: ASSETS.free,
      });
      expect(await offsets(user.sessionToken)).toEqual([
        expect.objectContaining({ assetId: ASSETS.free, lastViewedOffset: 19_000 }),
      ]);
      expect((await play(f.app, ASSETS.free, auth())).bookmarks.lastViewedOffset).toBe(19_000);

      // Another household sees nothing of it, and cannot post to this play session.
      const stranger = await newHousehold(f.app);
      expect(await offsets(stranger.sessionToken)).toEqual([]);
      const foreign = await send(
        batchOf(body.playSessionId, [
          { EventType: 'Playback.Heartbeat', Timestamp: START + 30_000, OffsetTime: 1 },
        ]),
        bearer(stranger.sessionToken),
      );
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ httpCode: 403 });
      expect(await offsets(user.sessionToken)).toEqual([
        expect.objectContaining({ lastViewedOffset: 19_000 }),
      ]);
    });

    test('sendBeacon style: text/plain without Authorization, with the play response’s beaconToken in the body, records the bookmark', async () => {
      const body = await play(f.app, ASSETS.ads, auth());
      expect(body.beaconToken).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      const response = await send(
        {
          ...batchOf(body.playSessionId, [
            { EventType: 'Playback.Aborted', Timestamp: START + 5000, OffsetTime: 42_000 },
          ]),
          BeaconToken: body.beaconToken,
        },
        {},
        'text/plain;charset=UTF-8',
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(await offsets(user.sessionToken)).toEqual(
        expect.arrayContaining([expect.objectContaining({ assetId: ASSETS.ads, lastViewedOffset: 42_000 })]),
      );
    });

    test('another household’s SessionId without its beacon token writes nothing: no credential 401; a forged, expired, play or other session’s token 403', async () => {
      const victim = await newHousehold(f.app);
      const attacker = await newHousehold(f.app);
      const target = await play(f.app, ASSETS.free, bearer(victim.sessionToken));
      const recorded = await send(
        batchOf(target.playSessionId, [
          { EventType: 'Playback.Heartbeat', Timestamp: START + 1000, OffsetTime: 30_000 },
        ]),
        bearer(victim.sessionToken),
      );
      expect(recorded.statusCode, recorded.body).toBe(200);
      const own = await play(f.app, ASSETS.free, bearer(attacker.sessionToken));
      const overwrite = [{ EventType: 'Playback.Heartbeat', Timestamp: START + 60_000, OffsetTime: 1000 }];
      const [body, signature] = target.beaconToken.split('.') as [string, string];
      const forgedBody = Buffer.from(
        JSON.stringify({ sid: target.playSessionId, exp: target.playTokenExpiration + 86_400_000 }),
      ).toString('base64url');
      const attempts: [string, Record<string, unknown>, number, string][] = [
        ['the bare SessionId (sendBeacon style)', {}, 401, 'NO_SESSION_TOKEN'],
        ['an empty BeaconToken', { BeaconToken: '' }, 401, 'NO_SESSION_TOKEN'],
        ['the attacker’s own beacon token', { BeaconToken: own.beaconToken }, 403, 'FORBIDDEN'],
        [
          'a forged payload under the real signature',
          { BeaconToken: `${forgedBody}.${signature}` },
          403,
          'FORBIDDEN',
        ],
        ['a tampered signature', { BeaconToken: `${body}.${signature.slice(0, -2)}AA` }, 403, 'FORBIDDEN'],
        [
          'an expired token of that session',
          { BeaconToken: f.beaconTokens.sign({ sid: target.playSessionId, exp: START - 1 }) },
          403,
          'FORBIDDEN',
        ],
        ['that session’s play token', { BeaconToken: target.playToken }, 403, 'FORBIDDEN'],
        ['garbage', { BeaconToken: 'x'.repeat(3000) }, 400, 'BAD_REQUEST'],
      ];
      for (const [what, extra, status, code] of attempts) {
        const response = await send(
          { ...batchOf(target.playSessionId, overwrite), ...extra },
          {},
          'text/plain',
        );
        expect(response.statusCode, what).toBe(status);
        expect(response.json(), what).toMatchObject({ httpCode: status, message: code });
        // The attacker's own bearer session does not help either.
        const withBearer = await send(
          { ...batchOf(target.playSessionId, overwrite), ...extra },
          bearer(attacker.sessionToken),
        );
        expect(withBearer.statusCode, `${what}, with the attacker's bearer`).toBe(
          status === 401 ? 403 : status,
        );
      }
      expect(await offsets(victim.sessionToken)).toEqual([
        expect.objectContaining({ assetId: ASSETS.free, lastViewedOffset: 30_000 }),
      ]);
      const stored = await f.db
        .selectFrom('playback_events')
        .select('offset_ms')
        .where('play_session_id', '=', target.playSessionId)
        .execute();
      expect(stored.map((row) => Number(row.offset_ms))).toEqual([30_000]);
    });

    test('Completed stores the whole duration, so continue watching drops the title', async () => {
      const body = await play(f.app, ASSETS.catchup, auth());
      await send(
        batchOf(body.playSessionId, [
          { EventType: 'Playback.Heartbeat', Timestamp: START + 1, OffsetTime: 60_000 },
        ]),
        auth(),
      );
      const cw = async () =>
        (await f.app.inject({ url: accountPaths.continueWatching(TENANT), headers: auth() }))
          .json<{ items: { assetId: string }[] }>()
          .items.map((i) => i.assetId);
      expect(await cw()).toContain(ASSETS.catchup);
      await send(
        batchOf(body.playSessionId, [
          { EventType: 'Playback.Completed', Timestamp: START + 2, OffsetTime: 599_000 },
        ]),
        auth(),
      );
      expect(await offsets(user.sessionToken)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ assetId: ASSETS.catchup, lastViewedOffset: 600_000 }),
        ]),
      );
      expect(await cw()).not.toContain(ASSETS.catchup);
    });

    test('an anonymous trailer play stores its events but no bookmark', async () => {
      const body = await play(f.app, ASSETS.trailer);
      const response = await send(
        {
          ...batchOf(body.playSessionId, [
            { EventType: 'Playback.Heartbeat', Timestamp: START, OffsetTime: 5000 },
          ]),
          BeaconToken: body.beaconToken,
        },
        {},
        'text/plain',
      );
      expect(response.statusCode).toBe(200);
      const rows = await f.db
        .selectFrom('playback_events')
        .select(['profile_id'])
        .where('play_session_id', '=', body.playSessionId)
        .execute();
      expect(rows).toEqual([{ profile_id: null }]);
      expect(
        await f.db.selectFrom('play_history').selectAll().where('asset_id', '=', ASSETS.trailer).execute(),
      ).toEqual([]);
    });

    test('refusals: another tenant 400, unknown play session 404, over play session 403, too many events 400, bad JSON 400', async () => {
      const body = await play(f.app, ASSETS.free, auth());
      const event = { EventType: 'Playback.Heartbeat', Timestamp: START, OffsetTime: 1000 };
      const tenant = await send({ ...batchOf(body.playSessionId, [event]), BusinessUnit: 'autre' }, auth());
      expect(tenant.statusCode).toBe(400);
      expect(tenant.json()).toMatchObject({ httpCode: 400, message: 'BAD_REQUEST' });
      const unknown = await send(batchOf('ps_nope', [event]), auth());
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ httpCode: 404, message: 'UNKNOWN_PLAY_SESSION' });
      const tooMany = await send(
        batchOf(
          body.playSessionId,
          Array.from({ length: 501 }, () => event),
        ),
        auth(),
      );
      expect(tooMany.statusCode).toBe(400);
      const notJson = await f.app.inject({
        method: 'POST',
        url: playbackPaths.eventsinkSend(TENANT),
        headers: { 'content-type': 'text/plain' },
        payload: '{nope',
      });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json()).toMatchObject({ httpCode: 400, message: 'INVALID_JSON' });
      f.clock.now = body.playTokenExpiration + 1;
      try {
        const over = await send(batchOf(body.playSessionId, [event]), auth());
        expect(over.statusCode).toBe(403);
        const overBeacon = await send({
          ...batchOf(body.playSessionId, [event]),
          BeaconToken: body.beaconToken,
        });
        expect(overBeacon.statusCode).toBe(403);
      } finally {
        f.clock.now = START;
      }
      const stored = await f.db
        .selectFrom('playback_events')
        .select('id')
        .where('play_session_id', '=', body.playSessionId)
        .execute();
      expect(stored).toEqual([]);
    });
  });
});
