import { playbackPaths, type PlayResponse } from '@antenne/contract';
import { describe, expect, test } from 'vitest';
import { engines, TENANT } from '../helpers/test-app.js';
import { CH, PROG, playRequest, START, useLivePlay } from './live-play-helpers.js';

/**
 * The live playhead (issue 15 item 6, ADR 0025) on the real app: a channel's or a start-over's
 * events tell it on the wall clock (epoch ms) with the ChannelId, as Exposure's players do; the
 * eventsink keeps a channel's as its liveTime and a programme's as its offset from the start.
 */
describe.each(engines)('live bookmarks (%s)', (engine) => {
  const { state, auth } = useLivePlay(engine);

  const send = (sessionId: string, offsetMs: number) =>
    state().app.inject({
      method: 'POST',
      url: playbackPaths.eventsinkSend(TENANT),
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: JSON.stringify({
        DispatchTime: state().clock.now,
        Customer: TENANT.customer,
        BusinessUnit: TENANT.businessUnit,
        SessionId: sessionId,
        Payload: [
          {
            EventType: 'Playback.Heartbeat',
            Timestamp: state().clock.now,
            OffsetTime: offsetMs,
            ChannelId: CH.inPackage,
            SequenceNumber: 0,
          },
        ],
      }),
    });

  test('a start-over watched on the wall clock resumes there as catch-up once the programme has ended', async () => {
    const play = (await playRequest(state().app, PROG.onAir, auth())).json<PlayResponse>();
    const start = START - 600_000;
    expect(play.streamInfo).toMatchObject({
      event: true,
      start,
      channelId: CH.inPackage,
      programId: PROG.onAir,
    });
    const sent = await send(play.playSessionId, start + 90_000);
    expect(sent.statusCode, sent.body).toBe(200);
    const [stored] = await state()
      .db.selectFrom('playback_events')
      .select(['offset_ms', 'payload'])
      .where('play_session_id', '=', play.playSessionId)
      .execute();
    expect(Number(stored?.offset_ms)).toBe(start + 90_000);
    expect(JSON.parse(stored?.payload ?? '{}')).toMatchObject({ ChannelId: CH.inPackage });

    state().clock.now = START + 1_260_000;
    try {
      const later = await playRequest(state().app, PROG.onAir, auth());
      expect(later.statusCode, later.body).toBe(200);
      expect(later.json<PlayResponse>()).toMatchObject({
        streamInfo: { static: true, event: false },
        bookmarks: { lastViewedOffset: 90_000, liveTime: start + 90_000 },
      });
    } finally {
      state().clock.now = START;
    }
  });

  test("a channel's playhead is kept as its wall-clock instant: the next play's bookmarks.liveTime", async () => {
    const first = (await playRequest(state().app, CH.inPackage, auth())).json<PlayResponse>();
    expect(first.bookmarks.liveTime).toBeUndefined();
    expect((await send(first.playSessionId, START - 30_000)).statusCode).toBe(200);
    const again = (await playRequest(state().app, CH.inPackage, auth())).json<PlayResponse>();
    expect(again.bookmarks).toEqual({ lastViewedOffset: 0, liveTime: START - 30_000 });
    expect(again.streamInfo.channelId).toBe(CH.inPackage);
  });
});
