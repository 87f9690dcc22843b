import { accountPaths, playbackPaths, type LoginResponse, type PlayResponse } from '@antenne/contract';
import { bearer } from '../accounts/helpers.js';
import { describe, expect, test } from 'vitest';
import { engines, TENANT } from '../helpers/test-app.js';
import { CH, FR_IP, PROG, playRequest, SE_IP, START, useLivePlay } from './live-play-helpers.js';

/** entitlement/play of channels and programmes (issue 15 item 3) on the real app, and their media under the token. */
describe.each(engines)('live play (%s)', (engine) => {
  const { state, auth } = useLivePlay(engine);
  const get = (url: string) => state().app.inject({ method: 'GET', url });

  test('a channel in the viewer’s package plays live: HLS and DASH under the token, streamInfo live, the programme on air’s start', async () => {
    const response = await playRequest(state().app, CH.inPackage, auth());
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<PlayResponse>();
    expect(body).toMatchObject({
      assetId: CH.inPackage,
      entitlementType: 'SVOD',
      productId: 'abonnement',
      streamInfo: {
        live: true,
        static: false,
        event: false,
        start: START - 600_000,
        channelId: CH.inPackage,
      },
      contractRestrictions: { timeshiftEnabled: true },
    });
    expect(body.formats.map((f) => f.format)).toEqual(['HLS', 'DASH']);
    const hls = body.formats[0]?.mediaLocator ?? '';
    expect(hls).toBe(`/play/${body.playToken}/live/${CH.inPackage}/live/master.m3u8`);

    const master = await get(hls);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('public, max-age=1');
    const media = await get(hls.replace('master.m3u8', 'media_0.m3u8'));
    expect(media.statusCode).toBe(200);
    const segment = media.body.trim().split('\n').at(-1) ?? '';
    const segmentUrl = new URL(segment, `http://x${hls}`).pathname;
    const bytes = await get(segmentUrl);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('video/iso.segment');
    expect(bytes.headers['cache-control']).toContain('immutable');
    const mpd = await get(body.formats[1]?.mediaLocator ?? '');
    expect(mpd.statusCode).toBe(200);
    expect(mpd.body).toContain('type="dynamic"');

    // Without the token, with another one, or a token for another channel: refused.
    expect((await get(`/play/not-a-token/live/${CH.inPackage}/live/master.m3u8`)).statusCode).toBe(403);
    expect((await get(hls.replace(`/live/${CH.inPackage}/`, `/live/${CH.outside}/`))).statusCode).toBe(403);
  });

  test('a channel outside the package → 403 NOT_ENTITLED (BUY_WATCH_NOW its package); no session → 401; geo → GEO_BLOCKED', async () => {
    const outside = await playRequest(state().app, CH.outside, auth());
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({
      message: 'NOT_ENTITLED',
      actions: [{ type: 'BUY_WATCH_NOW', offerings: [{ offeringId: 'option-sport-afrique' }] }],
    });
    expect((await playRequest(state().app, CH.inPackage)).statusCode).toBe(401);
    const sweden = await playRequest(state().app, CH.franceOnly, { ...auth(), 'x-forwarded-for': SE_IP });
    expect(sweden.statusCode).toBe(403);
    expect(sweden.json()).toMatchObject({ message: 'GEO_BLOCKED' });
    expect(
      (await playRequest(state().app, PROG.mature, { ...auth(), 'x-forwarded-for': SE_IP })).json(),
    ).toMatchObject({
      message: 'GEO_BLOCKED',
    });
    const france = await playRequest(state().app, CH.franceOnly, { ...auth(), 'x-forwarded-for': FR_IP });
    expect(france.statusCode, france.body).toBe(200);
  });

  test('a programme on air with start-over → the event manifest from its start (live, event, start, end)', async () => {
    const response = await playRequest(state().app, PROG.onAir, auth());
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<PlayResponse>();
    const start = START - 600_000;
    const end = START + 1_200_000;
    expect(body).toMatchObject({
      assetId: PROG.onAir,
      streamInfo: { live: true, static: false, event: true, start, end },
      bookmarks: { lastViewedOffset: 0, liveTime: start },
      durationInMs: 1_800_000,
    });
    const hls = body.formats[0]?.mediaLocator ?? '';
    expect(hls).toContain(`/live/${CH.inPackage}/from-${start}/master.m3u8`);
    const media = await get(hls.replace('master.m3u8', 'media_0.m3u8'));
    expect(media.statusCode).toBe(200);
    expect(media.body).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(media.body).toContain(`#EXT-X-PROGRAM-DATE-TIME:${new Date(start).toISOString()}`);
    // The programme's token does not open the channel's live window.
    expect((await get(hls.replace(`from-${start}`, 'live'))).statusCode).toBe(403);

    // Once the programme is over, the start-over manifests say so: ENDLIST, the MPD's duration.
    state().clock.now = end + 60_000;
    const over = await get(hls.replace('master.m3u8', 'media_0.m3u8'));
    const mpd = await get(body.formats[1]?.mediaLocator ?? '');
    state().clock.now = START;
    expect(over.statusCode).toBe(200);
    expect(over.body.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(over.body.match(/#EXTINF/g)).toHaveLength(900);
    expect(mpd.body).toContain(`mediaPresentationDuration="PT${end / 1000}S"`);
  });

  test('an ended programme with catch-up → the bounded manifest (static, ENDLIST); without the flag, too old, or future: refused', async () => {
    const response = await playRequest(state().app, PROG.catchup, auth());
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<PlayResponse>();
    const start = START - 7_200_000;
    expect(body.streamInfo).toEqual({
      live: false,
      static: true,
      event: false,
      start,
      end: START - 3_600_000,
      channelId: CH.inPackage,
      programId: PROG.catchup,
    });
    const media = await get((body.formats[0]?.mediaLocator ?? '').replace('master.m3u8', 'media_1.m3u8'));
    expect(media.statusCode).toBe(200);
    expect(media.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(media.body.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(media.headers['cache-control']).toBe('public, max-age=60');
    const mpd = await get(body.formats[1]?.mediaLocator ?? '');
    expect(mpd.body).toContain('type="static" mediaPresentationDuration="PT3600S"');

    // The player's position comes back as a VOD bookmark (eventsink), and the next play resumes there.
    const sent = await state().app.inject({
      method: 'POST',
      url: playbackPaths.eventsinkSend(TENANT),
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: JSON.stringify({
        DispatchTime: START,
        Customer: TENANT.customer,
        BusinessUnit: TENANT.businessUnit,
        SessionId: body.playSessionId,
        Payload: [
          { EventType: 'Playback.Heartbeat', Timestamp: START, OffsetTime: 60_000, SequenceNumber: 0 },
        ],
      }),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const again = (await playRequest(state().app, PROG.catchup, auth())).json<PlayResponse>();
    expect(again.bookmarks).toEqual({ lastViewedOffset: 60_000, liveTime: start + 60_000 });

    const noFlag = await playRequest(state().app, PROG.noCatchup, auth());
    expect(noFlag.statusCode).toBe(403);
    expect(noFlag.json()).toMatchObject({ message: 'NOT_AVAILABLE_IN_FORMAT' });
    expect((await playRequest(state().app, PROG.tooOld, auth())).json()).toMatchObject({
      httpCode: 403,
      message: 'LICENSE_EXPIRED',
    });
    const future = await playRequest(state().app, PROG.future, auth());
    expect(future.statusCode).toBe(403);
    expect(future.json()).toMatchObject({
      message: 'NOT_PUBLISHED',
      actions: [{ type: 'WAIT', publication: { availableAt: new Date(START + 1_200_000).toISOString() } }],
    });
    // A programme on air without start-over, on a channel outside the package: the flag is checked first.
    expect((await playRequest(state().app, PROG.onAirNoStartOver, auth())).json()).toMatchObject({
      message: 'NOT_AVAILABLE_IN_FORMAT',
    });
  });

  test('the clock moves: two minutes later the live playlist has advanced by 60 segments; an unknown id is still 404', async () => {
    const body = (await playRequest(state().app, CH.inPackage, auth())).json<PlayResponse>();
    const url = (body.formats[0]?.mediaLocator ?? '').replace('master.m3u8', 'media_0.m3u8');
    const sequence = (text: string) => Number(/MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1]);
    const before = sequence((await get(url)).body);
    state().clock.now += 120_000;
    const after = sequence((await get(url)).body);
    state().clock.now -= 120_000;
    expect(after - before).toBe(60);
    expect((await playRequest(state().app, 'ni-chaine-ni-programme', auth())).statusCode).toBe(404);
  });

  test('parental PIN: a child profile playing a programme whose aired title is above its level needs the PIN; the channel itself plays (last: selecting a profile ends the owner’s session)', async () => {
    const created = await state().app.inject({
      method: 'POST',
      url: accountPaths.profiles(TENANT),
      headers: auth(),
      payload: { displayName: 'Enfants', child: true, metadata: { PrLevel: '1' } },
    });
    const child = created
      .json<{ profiles: { userId: string; displayName: string }[] }>()
      .profiles.find((p) => p.displayName === 'Enfants');
    const selected = await state().app.inject({
      method: 'GET',
      url: accountPaths.selectProfile(TENANT, child?.userId ?? ''),
      headers: auth(),
    });
    expect(selected.statusCode, selected.body).toBe(200);
    const kid = { ...bearer(selected.json<LoginResponse>().sessionToken), 'x-forwarded-for': FR_IP };
    const mature = await playRequest(state().app, PROG.mature, kid);
    expect(mature.statusCode).toBe(403);
    expect(mature.json()).toMatchObject({ message: 'PARENTAL_PIN_REQUIRED' });
    expect((await playRequest(state().app, CH.franceOnly, kid)).statusCode).toBe(200);
  });
});
