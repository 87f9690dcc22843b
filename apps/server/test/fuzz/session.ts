import {
  accountPaths,
  FAVORITES_LIST,
  identityPaths,
  paths,
  playbackPaths,
  type LoginResponse,
  type PlayResponse,
} from '@antenne/contract';
import { expect } from 'vitest';
import type { Engine } from '../../src/db/database.js';
import { DEMO_SUBSCRIBER, seedDemoSubscriber } from '../../src/modules/accounts/demo-subscriber.js';
import { bearer, login } from '../accounts/helpers.js';
import { TENANT } from '../helpers/test-app.js';
import { extraAsset } from '../catalogue/helpers.js';
import { AD_MP4, ASSETS, playbackCatalogue, type PlaybackFixture } from '../playback/helpers.js';
import type { FuzzRequest } from './answers.js';
import type { Pools } from './arbitraries.js';
import { TRUSTED_ORIGIN } from './requests.js';

/**
 * The fuzzer's driver side: a real session (firebaseLogin as the other suites sign in, and the
 * identity service's cookie) kept alive as the fuzzer logs out or deletes, and the pools of real
 * ids (assets, profiles, the favourites list, play sessions, signed media paths) it draws from.
 */

/** Calls after which the session or the identity cookie may be gone (2xx): refresh them at once. */
export const ENDS_SESSION = [
  /^DELETE .*\/auth\/login$/,
  /^POST .*\/user\/delete$/,
  /^GET .*\/user\/profile\/\{userId\}\/select$/,
  /^DELETE .*\/user\/profile\/\{userId\}$/,
  /^POST \/identity\/(sign-out|delete-user|change-password|change-email|reset-password)$/,
];

/**
 * TV channels the fuzzer's catalogue adds to the playback suites' (ids the demo schedule does not
 * generate: no programmes, nothing to store). Two at least, in two languages: a call over several
 * channels runs its per-channel code (`channel/onnow?sortingLocale` sorts them with localeCompare —
 * with one channel or none, the comparator never ran and a RangeError there went unseen).
 */
export const FUZZ_CHANNELS = ['fuzz-chaine-une', 'fuzz-chaine-deux'] as const;

/** The playback suites' catalogue plus the fuzzer's channels. */
export function fuzzCatalogue(): ReturnType<typeof playbackCatalogue> {
  const doc = playbackCatalogue();
  doc.assets.push(
    ...FUZZ_CHANNELS.map((id, i) =>
      extraAsset(id, {
        type: 'TV_CHANNEL',
        localized: [
          { locale: 'fr', title: i === 0 ? 'Éclair' : 'zénith' },
          { locale: 'en', title: i === 0 ? 'Lightning' : 'Zenith' },
        ],
      }),
    ),
  );
  return doc;
}

/** Our consent string granting advertising (docs/consent.md): the ad calls' `consent`. */
const ADVERTISING_CONSENT = 'v1;analytics=1;advertising=1;at=1795000000';

/** The session and pools of a fuzz run on `f`'s app. */
export function fuzzSession(engine: Engine, f: PlaybackFixture) {
  const app = f.app;
  const pools: Pools = { byName: {}, pinned: new Set(['customer', 'businessUnit', 'list', 'configId']) };
  const state = { session: '', identityCookie: '', logins: 0 };

  /** The identity service's session for the demo subscriber (created again if the fuzzer deleted it). */
  async function identitySignIn(): Promise<void> {
    await seedDemoSubscriber(app.identity, f.db);
    // A new address each time: the sign-in rate limit is per address.
    const n = ++state.logins;
    const res = await app.inject({
      method: 'POST',
      url: identityPaths.signInEmail,
      remoteAddress: `198.51.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
      headers: { origin: TRUSTED_ORIGIN },
      payload: { email: DEMO_SUBSCRIBER.email, password: DEMO_SUBSCRIBER.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    state.identityCookie = [res.headers['set-cookie'] ?? []]
      .flat()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  /** A live Exposure session and fresh pools of real ids. */
  async function refresh(identityToo: boolean): Promise<void> {
    const check =
      state.session === ''
        ? undefined
        : await app.inject({ url: accountPaths.session(TENANT), headers: bearer(state.session) });
    if (check?.statusCode !== 200) {
      const answer: LoginResponse = await login(app, `fuzz-user-${engine}`, `fuzz-${engine}@example.com`);
      state.session = answer.sessionToken;
    }
    if (identityToo || state.identityCookie === '') await identitySignIn();
    const profiles = await app.inject({ url: accountPaths.profiles(TENANT), headers: bearer(state.session) });
    const ids = profiles.json<{ profiles: { userId: string }[] }>().profiles.map((p) => p.userId);
    pools.byName.userId = ids;
    const play = await app.inject({
      url: playbackPaths.play(TENANT, ASSETS.ads),
      headers: { ...bearer(state.session), 'x-forwarded-for': '90.0.0.1' },
    });
    if (play.statusCode === 200) {
      const body = play.json<PlayResponse>();
      pools.byName.playSessionId = [
        ...new Set([body.playSessionId, ...(pools.byName.playSessionId ?? [])]),
      ].slice(0, 5);
      pools.byName.SessionId = pools.byName.playSessionId;
      pools.byName.playPath = body.formats.map((format) => format.mediaLocator.replace(/^\/play\//, ''));
    }
  }

  /** Fills the pools with the tenant, the catalogue's ids and names worth trying, then signs in. */
  async function start(): Promise<void> {
    const assets = await app.inject({ url: `${paths.assets(TENANT)}?pageSize=200` });
    const items = assets.json<{ items: { assetId: string; tags?: { tagValues: { tagId: string }[] }[] }[] }>()
      .items;
    Object.assign(pools.byName, {
      customer: [TENANT.customer],
      businessUnit: [TENANT.businessUnit],
      assetId: [...items.map((a) => a.assetId), ...Object.values(ASSETS)],
      channelId: [...FUZZ_CHANNELS, 'channel-59'],
      tagId: [...new Set(items.flatMap((a) => a.tags ?? []).flatMap((t) => t.tagValues.map((v) => v.tagId)))],
      list: [FAVORITES_LIST],
      configId: ['sandwich'],
      componentId: ['hero', 'footer', 'menu'],
      text: ['film', 'le', 'glace', 'gratuit'],
      email: [DEMO_SUBSCRIBER.email, 'nobody@example.com'],
      newEmailAddress: ['someone@example.com'],
      provider: ['google', 'oidc', 'facebook'],
      event: ['impression', 'start', 'firstQuartile', 'complete', 'click'],
      ad: ['ad-1'],
      demoMediaPath: [AD_MP4.replace('/demo-media/', ''), 'bumper-brand-0123456789ab/master.m3u8'],
      mediaPath: [`${ASSETS.free}/master.m3u8`],
      imagePath: ['poster.jpg', 'a/b.png'],
      callbackURL: ['/login', 'https://evil.example/steal'],
      locale: ['fr', 'en', 'ar'],
      consent: [ADVERTISING_CONSENT, 'v1;analytics=1;advertising=0;at=1795000000'],
      'x-parental-pin': ['1234', '0000'],
    });
    await refresh(true);
  }

  /** The credentials of the moment (they change as the fuzzer logs out): added when the request is sent. */
  function withAuth(request: FuzzRequest): Record<string, string> {
    const headers = { ...request.headers };
    if (request.auth === 'session') {
      headers.authorization = `Bearer ${state.session}`;
      if (request.op.path.startsWith('/identity/')) headers.cookie = state.identityCookie;
    } else if (request.auth === 'bogus') {
      headers.authorization = 'Bearer not-a-real-token';
      headers.cookie = 'antenne.session_token=forged.signature';
    }
    return headers;
  }

  return { pools, start, refresh, withAuth };
}
