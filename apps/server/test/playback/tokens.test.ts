import { expect, test } from 'vitest';
import { createBeaconTokens } from '../../src/modules/playback/beacon-token.js';
import { createPlayTokens } from '../../src/modules/playback/play-token.js';

/** The play and beacon tokens that sign the protected media and the ad tracking. */
test('play tokens: sign/verify round trip; expired, tampered, another key or garbage → undefined', () => {
  const tokens = createPlayTokens('a'.repeat(48));
  const payload = { sid: 'ps_x', aid: 'a', exp: 2000, p: ['/media/a/'] };
  const token = tokens.sign(payload);
  expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  expect(tokens.verify(token, 1999)).toEqual(payload);
  expect(tokens.verify(token, 2000)).toBeUndefined();
  const [body, signature] = token.split('.') as [string, string];
  const forged = Buffer.from(JSON.stringify({ ...payload, p: ['/media/'] })).toString('base64url');
  expect(tokens.verify(`${forged}.${signature}`, 0)).toBeUndefined();
  expect(tokens.verify(`${body}.${signature.slice(0, -2)}AA`, 0)).toBeUndefined();
  expect(createPlayTokens('b'.repeat(48)).verify(token, 0)).toBeUndefined();
  for (const garbage of ['', '.', 'abc', `${body}.${signature}.x`, 'x'.repeat(5000)])
    expect(tokens.verify(garbage, 0)).toBeUndefined();
});

test('beacon tokens: their own key (a play token is not one, nor the reverse), bound to a session, expiring', () => {
  const secret = 'a'.repeat(48);
  const beacons = createBeaconTokens(secret);
  const plays = createPlayTokens(secret);
  const beacon = beacons.sign({ sid: 'ps_x', exp: 2000 });
  expect(beacons.verify(beacon, 1999)).toEqual({ sid: 'ps_x', exp: 2000 });
  expect(beacons.verify(beacon, 2000)).toBeUndefined();
  expect(plays.verify(beacon, 0)).toBeUndefined();
  expect(beacons.verify(plays.sign({ sid: 'ps_x', aid: 'a', exp: 2000, p: [] }), 0)).toBeUndefined();
  expect(createBeaconTokens('b'.repeat(48)).verify(beacon, 0)).toBeUndefined();
});
