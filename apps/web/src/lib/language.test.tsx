import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { LANG_PREFERENCE_KEY } from '@antenne/contract';
import { renderApp } from '../../test/render-app';
import { mockFetch, requestsTo } from '../../test/fetch-mock';
import { readLanguagePreference } from './language';

let fetchMock: ReturnType<typeof mockFetch>;
beforeEach(() => {
  fetchMock = mockFetch();
});

describe('the interface language', () => {
  test('is French, left to right, when nothing is stored', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accueil' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'fr');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  test('Arabic from lang-preference sets dir="rtl" and translates the shell', async () => {
    localStorage.setItem(LANG_PREFERENCE_KEY, 'ar');
    renderApp('/settings');
    expect(screen.getByRole('status', { name: 'جارٍ التحميل' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'الإعدادات' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const bar = screen.getByRole('banner');
    expect(within(bar).getByRole('button', { name: 'القائمة' })).toBeInTheDocument();
    expect(within(bar).getByRole('link', { name: 'البحث' })).toBeInTheDocument();
  });

  test.each([
    ['de', 'Einstellungen'],
    ['en', 'Settings'],
    ['es', 'Ajustes'],
  ])('%s is read from lang-preference', async (locale, settings) => {
    localStorage.setItem(LANG_PREFERENCE_KEY, locale);
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: settings })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', locale);
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(requestsTo(fetchMock, `/locales/${locale}.json`)).toHaveLength(1);
  });

  test('an unsupported stored value falls back to fr', () => {
    localStorage.setItem(LANG_PREFERENCE_KEY, 'it');
    expect(readLanguagePreference()).toBe('fr');
  });

  test('every language file has the keys of the French one', async () => {
    const flatten = (value: unknown, prefix = ''): string[] =>
      typeof value === 'object' && value !== null
        ? Object.entries(value).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key))
        : [prefix];
    const load = async (locale: string) => flatten(await (await fetch(`/locales/${locale}.json`)).json());
    const french = await load('fr');
    for (const locale of ['ar', 'de', 'en', 'es']) expect(await load(locale)).toEqual(french);
  });
});
