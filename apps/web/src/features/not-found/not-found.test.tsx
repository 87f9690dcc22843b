import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { LANG_PREFERENCE_KEY } from '@antenne/contract';
import { memoryTransport } from '../../lib/analytics';
import { renderApp } from '../../../test/render-app';
import { mockFetch } from '../../../test/fetch-mock';

beforeEach(() => {
  mockFetch();
  memoryTransport.clear();
});

describe('the not-found pages', () => {
  test('/notFound explains and links home', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/notFound');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
    expect(
      screen.getByText("La page que vous cherchez n'existe pas ou n'est plus disponible."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: "Retour à l'accueil" }));
    expect(router.state.location.pathname).toBe('/');
  });

  test('an unknown path says the page is under construction and reports a 404', async () => {
    renderApp('/this/path/does-not-exist');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page en construction' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
    expect(memoryTransport.events).toContainEqual({ type: 'notFound', path: '/this/path/does-not-exist' });
  });

  test('the under-construction text is translated', async () => {
    localStorage.setItem(LANG_PREFERENCE_KEY, 'ar');
    renderApp('/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'الصفحة قيد الإنشاء' })).toBeInTheDocument();
  });
});
