import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { usePopupStore } from '../src/components/modal/popup-store';
import { useSessionStore } from '../src/state/session-store';
import { CONSENT_COOKIE, consentCookieValue } from '../src/lib/analytics/consent';

// findBy*/waitFor wait up to 5 s (default 1 s): the whole suite runs in parallel with the server's
// on two cores, and a lazily loaded page or popup can take more than a second to arrive there.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  localStorage.clear();
  // A returning visitor who refused every optional cookie: no banner over the screen under test
  // (tests of the banner clear it first).
  document.cookie = `${CONSENT_COOKIE}=${consentCookieValue([])}; path=/`;
  // The whole session state machine back to anonymous (token, user, profiles, flags, errors).
  useSessionStore.getState().logout();
  usePopupStore.setState({ current: null });
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
  document.documentElement.removeAttribute('style');
});

afterEach(() => {
  cleanup();
});
