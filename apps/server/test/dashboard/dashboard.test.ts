import {
  accountPaths,
  dashboardPaths,
  DashboardReportSchema,
  DASHBOARD_MAX_DAYS,
  type AdsReport,
  type AudienceReport,
  type DashboardReport,
  type LoginResponse,
  type UserProfiles,
} from '@antenne/contract';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../../src/app.js';
import {
  daysOf,
  setStaffRole,
  type DashboardSources,
  type DayRange,
} from '../../src/modules/dashboard/index.js';
import { bearer, login, testVerifyIdToken } from '../accounts/helpers.js';
import { buildTestApp, createTestDatabase, engines, TENANT, type TestDatabase } from '../helpers/test-app.js';

/** Today on the app's clock: 2026-11-23 (UTC). */
const NOW = Date.parse('2026-11-23T12:00:00.000Z');
const REPORT = dashboardPaths.report(TENANT);
const ACCESS = dashboardPaths.access(TENANT);
const isReport = Compile(DashboardReportSchema);

/** Known answers of the three modules, and the spans they were asked for. */
function knownSources() {
  const asked: { audience: DayRange[]; crashes: DayRange[]; ads: DayRange[] } = {
    audience: [],
    crashes: [],
    ads: [],
  };
  const audience = (range: DayRange): AudienceReport => ({
    daily: daysOf(range).map((day, i) => ({ day, visitors: 10 + i, pageViews: 30 + i, plays: 5 + i })),
    topTitles: [{ assetId: 'film-a', title: 'Film A', plays: 12 }],
    topChannels: [{ channelId: 'channel-59', title: 'Antenne Monde', plays: 7 }],
    completion: { started: 20, p25: 16, p50: 11, p75: 8, p100: 4 },
    emptySearches: [{ query: 'zorro', count: 3 }],
    // As the analytics module answers: crash counts are not its own.
    errors: daysOf(range).map((day) => ({ day, playbackErrors: day === range.to ? 2 : 0, crashes: 0 })),
    crashes: [],
  });
  const crash = {
    fingerprint: 'fp-1',
    message: 'TypeError: x is undefined',
    route: '/details/vod/:id',
    release: '0.1.0',
    count: 4,
    firstSeen: '2026-11-21T08:00:00.000Z',
    lastSeen: '2026-11-23T09:30:00.000Z',
  };
  const ads = (range: DayRange): AdsReport => ({
    served: 40,
    impressions: 30,
    clicks: 2,
    viewableRate: 0.75,
    daily: daysOf(range).map((day) => ({ day, served: 0, impressions: 0, clicks: 0 })),
  });
  const sources: DashboardSources = {
    audience: { report: async (range) => (asked.audience.push(range), audience(range)) },
    // Only the days with crashes: the dashboard gives every other day 0.
    crashes: {
      report: async (range) => (
        asked.crashes.push(range),
        {
          daily: [
            { day: '2026-11-21', crashes: 1 },
            { day: '2026-11-23', crashes: 3 },
          ],
          crashes: [crash],
        }
      ),
    },
    ads: { report: async (range) => (asked.ads.push(range), ads(range)) },
  };
  return { sources, asked, crash };
}

describe.each(engines)('the staff dashboard (%s)', (engine) => {
  let testDb: TestDatabase;
  let app: App;
  let known: ReturnType<typeof knownSources>;
  let staffToken: string;
  let viewerToken: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    known = knownSources();
    app = await buildTestApp(testDb, {
      verifyIdToken: testVerifyIdToken,
      clock: () => NOW,
      dashboardSources: known.sources,
    });
    staffToken = (await login(app, 'uid-staff', 'staff@example.com')).sessionToken;
    viewerToken = (await login(app, 'uid-viewer', 'viewer@example.com')).sessionToken;
    const database = testDb.open();
    try {
      await setStaffRole(database.db, 'Staff@Example.com');
    } finally {
      await database.destroy();
    }
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token === undefined ? {} : bearer(token) });

  test('without a session: 401 NO_SESSION_TOKEN, on the report and on the access check', async () => {
    for (const url of [REPORT, ACCESS]) {
      const res = await get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ httpCode: 401, message: 'NO_SESSION_TOKEN' });
    }
    expect((await get(REPORT, 'not-a-session')).statusCode).toBe(401);
  });

  test('a signed-in account without the staff role gets 403 FORBIDDEN, and its access says so', async () => {
    const res = await get(REPORT, viewerToken);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ httpCode: 403, message: 'FORBIDDEN' });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((await get(ACCESS, viewerToken)).json()).toEqual({ staff: false });
    expect((await get(ACCESS, staffToken)).json()).toEqual({ staff: true });
  });

  test("a child's profile of a staff household gets 403, and its access says no", async () => {
    const created = await app.inject({
      method: 'POST',
      url: accountPaths.profiles(TENANT),
      headers: bearer(staffToken),
      payload: { displayName: 'Enfant', child: true },
    });
    expect(created.statusCode, created.body).toBe(200);
    const childId =
      created.json<UserProfiles>().profiles.find((p) => p.displayName === 'Enfant')?.userId ?? '';
    // A second device of the household picks the child's profile (selecting replaces that session's token).
    const second = (await login(app, 'uid-staff', 'staff@example.com')).sessionToken;
    const selected = await app.inject({
      url: accountPaths.selectProfile(TENANT, childId),
      headers: bearer(second),
    });
    expect(selected.statusCode, selected.body).toBe(200);
    const childToken = selected.json<LoginResponse>().sessionToken;
    const res = await get(REPORT, childToken);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ httpCode: 403, message: 'FORBIDDEN' });
    expect((await get(ACCESS, childToken)).json()).toEqual({ staff: false });
  });

  test('staff get the three sources’ report put together, over the last 30 days by default', async () => {
    const res = await get(REPORT, staffToken);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<DashboardReport>();
    expect(isReport.Check(report)).toBe(true);
    expect(report.from).toBe('2026-10-25');
    expect(report.to).toBe('2026-11-23');
    expect(known.asked.audience.at(-1)).toEqual({ from: '2026-10-25', to: '2026-11-23' });
    expect(known.asked.crashes.at(-1)).toEqual({ from: '2026-10-25', to: '2026-11-23' });
    expect(known.asked.ads.at(-1)).toEqual({ from: '2026-10-25', to: '2026-11-23' });
    // The audience as the analytics module gave it.
    expect(report.daily).toHaveLength(30);
    expect(report.daily[0]).toEqual({ day: '2026-10-25', visitors: 10, pageViews: 30, plays: 5 });
    expect(report.topTitles).toEqual([{ assetId: 'film-a', title: 'Film A', plays: 12 }]);
    expect(report.completion).toEqual({ started: 20, p25: 16, p50: 11, p75: 8, p100: 4 });
    expect(report.emptySearches).toEqual([{ query: 'zorro', count: 3 }]);
    // The crash counts merged into the errors, one row per day; the list is the crash reports'.
    expect(report.errors).toHaveLength(30);
    expect(report.errors.slice(-3)).toEqual([
      { day: '2026-11-21', playbackErrors: 0, crashes: 1 },
      { day: '2026-11-22', playbackErrors: 0, crashes: 0 },
      { day: '2026-11-23', playbackErrors: 2, crashes: 3 },
    ]);
    expect(report.crashes).toEqual([known.crash]);
    expect(report.ads).toMatchObject({ served: 40, impressions: 30, clicks: 2, viewableRate: 0.75 });
  });

  test('a span asked is the span reported', async () => {
    const res = await get(`${REPORT}?from=2026-11-17&to=2026-11-23`, staffToken);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<DashboardReport>();
    expect([report.from, report.to]).toEqual(['2026-11-17', '2026-11-23']);
    expect(report.daily.map((row) => row.day)).toEqual(daysOf({ from: '2026-11-17', to: '2026-11-23' }));
    expect(report.errors).toHaveLength(7);
  });

  test.each([
    ['a month 13', 'from=2026-13-01', 'from'],
    ['30 February', 'from=2026-02-30&to=2026-03-02', 'from'],
    ['a word', 'to=yesterday', 'to'],
    ['from after to', 'from=2026-11-23&to=2026-11-01', 'from'],
    ['a year', 'from=2026-01-01&to=2026-12-31', 'to'],
    ['a date-time', 'from=2026-11-01T00:00', 'from'],
    ['5 000 characters', `from=${'2'.repeat(5000)}`, 'from'],
    ['a NUL byte', 'to=2026-11-23%00', 'to'],
  ])('a bad span (%s): 400 naming the field', async (_what, query, field) => {
    const res = await get(`${REPORT}?${query}`, staffToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ httpCode: 400, message: 'BAD_REQUEST' });
    // The field leads the message (`from: …`, `query.to: …`, `querystring/to …`).
    expect(res.json<{ extendedMessage: string }>().extendedMessage).toMatch(
      new RegExp(`^(query|querystring)?[./]?${field}\\b`),
    );
  });

  test(`a span of exactly ${DASHBOARD_MAX_DAYS} days is accepted; the staff role goes with a revoke`, async () => {
    const to = '2026-11-23';
    const from = daysOf({ from: '2026-08-01', to })[
      daysOf({ from: '2026-08-01', to }).length - DASHBOARD_MAX_DAYS
    ];
    const res = await get(`${REPORT}?from=${from}&to=${to}`, staffToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DashboardReport>().daily).toHaveLength(DASHBOARD_MAX_DAYS);

    const database = testDb.open();
    try {
      expect(await setStaffRole(database.db, 'staff@example.com', { revoke: true })).toMatchObject({
        staff: false,
        changed: true,
      });
      expect((await get(REPORT, staffToken)).statusCode).toBe(403);
      expect(await setStaffRole(database.db, 'staff@example.com')).toMatchObject({
        staff: true,
        changed: true,
      });
      expect(await setStaffRole(database.db, 'staff@example.com')).toMatchObject({ changed: false });
    } finally {
      await database.destroy();
    }
    expect((await get(REPORT, staffToken)).statusCode).toBe(200);
  });
});
