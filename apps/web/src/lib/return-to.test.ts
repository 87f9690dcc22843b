import { beforeEach, describe, expect, test } from 'vitest';
import { forgetReturnTo, rememberReturnTo, safeReturnPath, takeReturnTo } from './return-to';
import { storageKeys } from './storage-keys';

beforeEach(() => sessionStorage.clear());

describe('the path remembered for after the sign-in', () => {
  test('an in-app path is kept with its query and hash', () => {
    expect(safeReturnPath('/player/film-ete-a-dakar/719?genre=Com%C3%A9die#x')).toBe(
      '/player/film-ete-a-dakar/719?genre=Com%C3%A9die#x',
    );
  });

  test.each([
    ['an absolute URL', 'https://evil.example/player/x'],
    ['a protocol-relative URL', '//evil.example/player/x'],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['a scheme', 'javascript:alert(1)'],
    ['a relative path', 'player/x'],
    ['a control character', '/player/x\n//evil.example'],
    ['the login page itself', '/login?social=done'],
    ['nothing', ''],
  ])('%s is refused', (_, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  test('taken once: read, then cleared; an unsafe stored value is cleared and ignored', () => {
    rememberReturnTo('/player/film-ete-a-dakar');
    expect(sessionStorage.getItem(storageKeys.returnTo)).toBe('/player/film-ete-a-dakar');
    expect(takeReturnTo()).toBe('/player/film-ete-a-dakar');
    expect(takeReturnTo()).toBeNull();

    sessionStorage.setItem(storageKeys.returnTo, '//evil.example');
    expect(takeReturnTo()).toBeNull();
    expect(sessionStorage.getItem(storageKeys.returnTo)).toBeNull();
  });

  test('an unsafe path is never stored; forgetting clears it', () => {
    rememberReturnTo('https://evil.example');
    expect(sessionStorage.getItem(storageKeys.returnTo)).toBeNull();
    rememberReturnTo('/player/x');
    forgetReturnTo();
    expect(sessionStorage.getItem(storageKeys.returnTo)).toBeNull();
  });
});
