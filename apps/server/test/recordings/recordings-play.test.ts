import {
  playbackPaths,
  TV_PROVIDER_REQUIRED,
  type ErrorBody,
  type LoginResponse,
  type UserProfiles,
  type PlayResponse,
  type RecordingList,
} from '@antenne/contract';
import { describe, expect, test } from 'vitest';
import { bearer } from '../accounts/helpers.js';
import { engines, TENANT } from '../helpers/test-app.js';
import { CH, MIN, P, recordingCalls, SE_IP, START, useRecordings } from './helpers.js';

/** entitlement/{recordingId}/play (ADR 0026): the recorded span from the live streams, to its profile only. */
describe.each(engines)('recordings play (%s)', (engine) => {
  const { state, household, day } = useRecordings(engine);
  const get = (url: string) => state().app.inject({ method: 'GET', url });
  const play = (id: string, headers: Record<string, string>) =>
    state().app.inject({ method: 'GET', url: playbackPaths.play(TENANT, id), headers });
  const recorded = async (programId: string) => {
    state().clock.now = START;
    const user = await household();
    const list = (
      await recordingCalls(state().app, user.sessionToken).record({ programId })
    ).json<RecordingList>();
    return { user, auth: bearer(user.sessionToken), id: list.items[0]?.recordingId ?? '' };
  };

  test('a done recording plays its span as a bounded manifest whose segments answer under the token (no package needed)', async () => {
    const { auth, id } = await recorded(P.future);
    const start = START + 20 * MIN;
    const end = START + 50 * MIN;
    state().clock.now = end + 5 * MIN;
    const response = await play(id, auth);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<PlayResponse>();
    expect(body).toMatchObject({
      assetId: id,
      entitlementType: 'FVOD',
      durationInMs: 30 * MIN,
      streamInfo: { live: false, static: true, event: false, start, end },
      bookmarks: { lastViewedOffset: 0, liveTime: start },
    });
    expect(body.productId).toBeUndefined();
    const hls = body.formats[0]?.mediaLocator ?? '';
    expect(hls).toBe(`/play/${body.playToken}/live/${CH.main}/${start}-${end}/master.m3u8`);
    const media = await get(hls.replace('master.m3u8', 'media_0.m3u8'));
    expect(media.statusCode).toBe(200);
    expect(media.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(media.body.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(media.body.match(/#EXTINF/g)).toHaveLength(900);
    const lines = media.body.trim().split('\n');
    const segment = lines.find((l) => !l.startsWith('#')) ?? '';
    const bytes = await get(new URL(segment, `http://x${hls}`).pathname);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('video/iso.segment');
    const mpd = await get(body.formats[1]?.mediaLocator ?? '');
    expect(mpd.statusCode).toBe(200);
    expect(mpd.body).toContain('type="static" mediaPresentationDuration="PT1800S"');
    // The token opens this span only, not the channel live.
    expect((await get(hls.replace(`${start}-${end}`, 'live'))).statusCode).toBe(403);

    // The player's position comes back as the recording's bookmark, and the next play resumes there.
    const sent = await state().app.inject({
      method: 'POST',
      url: playbackPaths.eventsinkSend(TENANT),
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({
        DispatchTime: state().clock.now,
        Customer: TENANT.customer,
        BusinessUnit: TENANT.businessUnit,
        SessionId: body.playSessionId,
        Payload: [
          {
            EventType: 'Playback.Heartbeat',
            Timestamp: state().clock.now,
            OffsetTime: 60_000,
            SequenceNumber: 0,
          },
        ],
      }),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const again = (await play(id, auth)).json<PlayResponse>();
    expect(again.bookmarks).toEqual({ lastViewedOffset: 60_000, liveTime: start + 60_000 });
  });

  test('in progress: the event form from its start; pending: 403 NOT_PUBLISHED with WAIT', async () => {
    const { auth, id } = await recorded(P.future);
    const start = START + 20 * MIN;
    const pending = await play(id, auth);
    expect(pending.json<ErrorBody>()).toMatchObject({
      httpCode: 403,
      message: 'NOT_PUBLISHED',
      actions: [{ type: 'WAIT', publication: { availableAt: new Date(start).toISOString() } }],
    });
    state().clock.now = start + 10 * MIN;
    const body = (await play(id, auth)).json<PlayResponse>();
    expect(body.streamInfo).toEqual({ live: true, static: false, event: true, start, end: START + 50 * MIN });
    expect(body.formats[0]?.mediaLocator).toContain(`/live/${CH.main}/from-${start}/master.m3u8`);
  });

  test('another household’s token → 404 UNKNOWN_ASSET; no session → 401; kept CATCHUP_DAYS', async () => {
    const { id } = await recorded(P.future);
    state().clock.now = START + 60 * MIN;
    const other = await household();
    const refused = await play(id, bearer(other.sessionToken));
    expect(refused.statusCode).toBe(404);
    expect(refused.json<ErrorBody>().message).toBe('UNKNOWN_ASSET');
    expect((await play(id, {})).json<ErrorBody>()).toMatchObject({
      httpCode: 401,
      message: 'NO_SESSION_TOKEN',
    });
    const { auth, id: again } = await recorded(P.future);
    state().clock.now = START + 8 * day;
    expect((await play(again, auth)).json<ErrorBody>().message).toBe('LICENSE_EXPIRED');
  });

  test('geo and parental rules of the aired title still apply; a failed recording does not play', async () => {
    const france = await recorded(P.franceOnly);
    state().clock.now = START + 300 * MIN;
    expect(
      (await play(france.id, { ...france.auth, 'x-forwarded-for': SE_IP })).json<ErrorBody>().message,
    ).toBe('GEO_BLOCKED');
    expect((await play(france.id, france.auth)).statusCode).toBe(200);

    const mature = await recorded(P.mature);
    // A child profile of the same household records it too; its play asks the main profile's PIN.
    const profiles = `/v2/customer/${TENANT.customer}/businessunit/${TENANT.businessUnit}/user/profile`;
    const created = await state().app.inject({
      method: 'POST',
      url: profiles,
      headers: mature.auth,
      payload: { displayName: 'Enfant', child: true },
    });
    expect(created.statusCode, created.body).toBe(200);
    const childId = created.json<UserProfiles>().profiles.find((p) => !p.owner)?.userId ?? '';
    const select = async (userId: string, auth: Record<string, string>) => {
      const switched = await state().app.inject({
        method: 'GET',
        url: `${profiles}/${userId}/select`,
        headers: auth,
      });
      expect(switched.statusCode, switched.body).toBe(200);
      return bearer(switched.json<LoginResponse>().sessionToken);
    };
    const childAuth = await select(childId, mature.auth);
    state().clock.now = START;
    const childToken = childAuth.authorization.slice('Bearer '.length);
    const childRec = (
      await recordingCalls(state().app, childToken).record({ programId: P.mature })
    ).json<RecordingList>();
    const childRecId = childRec.items[0]?.recordingId ?? '';
    state().clock.now = START + 300 * MIN;
    expect((await play(childRecId, childAuth)).json<ErrorBody>().message).toBe('PARENTAL_PIN_REQUIRED');
    // Back on the main profile: its own recording plays; the child's id is not its own (404).
    const ownerAuth = await select(mature.user.userId, childAuth);
    expect((await play(mature.id, ownerAuth)).statusCode).toBe(200);
    expect((await play(childRecId, ownerAuth)).statusCode).toBe(404);

    state().clock.now = START;
    const full = await household();
    const fullCalls = recordingCalls(state().app, full.sessionToken);
    await fullCalls.record({ programId: P.long });
    const failed = (await fullCalls.record({ programId: P.afterLong })).json<RecordingList>().items[0];
    state().clock.now = START + 2 * day;
    const refused = await play(failed?.recordingId ?? '', bearer(full.sessionToken));
    expect(refused.json<ErrorBody>()).toMatchObject({ httpCode: 403, message: 'NOT_AVAILABLE_IN_FORMAT' });
  });

  test('from the US (a trusted proxy says so), a recording plays only through a pay-TV provider: 403 TV_PROVIDER_REQUIRED with LOGIN', async () => {
    state().clock.now = START;
    const { auth, id } = await recorded(P.future);
    state().clock.now = START + 55 * MIN;
    const us = await play(id, { ...auth, 'x-forwarded-for': '8.8.8.8' });
    expect(us.json<ErrorBody>()).toEqual({
      httpCode: 403,
      message: 'NOT_ENTITLED',
      extendedMessage: TV_PROVIDER_REQUIRED,
      actions: [{ type: 'LOGIN' }],
    });
    expect((await play(id, auth)).statusCode).toBe(200);
  });
});
