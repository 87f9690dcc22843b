import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { useSessionStore } from '../src/state/session-store';

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ token: null, user: null, profile: null });
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
  document.documentElement.removeAttribute('style');
});

afterEach(() => {
  cleanup();
});
