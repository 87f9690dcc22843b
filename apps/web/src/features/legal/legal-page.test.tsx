import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { LANG_PREFERENCE_KEY, paths, type Component } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import { apiError, config, json, mockFetch, requestsTo, type Handler } from '../../../test/fetch-mock';

const componentPath = (id: string) => paths.wlComponent(config, id);

const page = (id: string, more: Partial<Component> = {}): Component => ({
  type: 'Component',
  id,
  appType: 'page',
  appSubType: 'Legal',
  ...more,
});

const reference = (referenceUrl: string, appType = 'text') => ({
  type: 'ComponentReference',
  appType,
  referenceId: `${appType}-ref`,
  referenceUrl,
});

function serve(components: Record<string, Component | number>) {
  const handlers: Record<string, Handler> = {};
  for (const [id, answer] of Object.entries(components)) {
    handlers[componentPath(id)] = () =>
      typeof answer === 'number' ? apiError(answer, 'SERVER_ERROR') : json(answer);
  }
  return mockFetch(handlers);
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('the legal page', () => {
  beforeEach(() => {
    localStorage.removeItem(LANG_PREFERENCE_KEY);
  });

  test('shows the title and the sanitised body, outside the main shell', async () => {
    const fetchMock = serve({
      cgu: page('cgu', {
        presentation: {
          fallback: {
            title: "Conditions d'utilisation",
            body:
              '<h2>Accès</h2><p>Le service est <strong>gratuit</strong>.</p>' +
              '<script>window.hacked = true</script>' +
              '<p><a href="javascript:alert(1)">piège</a> <a href="https://example.org/">site</a></p>' +
              '<img src="x" onerror="window.hacked = true"><p style="color:red" onclick="alert(1)">fin</p>',
          },
        },
      }),
    });
    renderApp('/legal/cgu');
    expect(await heading("Conditions d'utilisation")).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Accès' })).toBeInTheDocument();
    expect(screen.getByText('gratuit').tagName).toBe('STRONG');
    const main = screen.getByRole('main');
    expect(main.querySelector('script')).toBeNull();
    expect(main.querySelector('img')).toBeNull();
    expect(main.innerHTML).not.toContain('hacked');
    expect(main.innerHTML).not.toContain('javascript:');
    expect(main.innerHTML).not.toContain('onclick');
    expect(main.innerHTML).not.toContain('style=');
    expect(screen.getByRole('link', { name: 'site' })).toHaveAttribute('href', 'https://example.org/');
    expect(screen.getByText('fin')).toBeInTheDocument();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
    const [call] = requestsTo(fetchMock, componentPath('cgu'));
    expect(call?.searchParams.get('filters')).toBe('DEVICE:WEB');
    expect(call?.searchParams.get('allowedCountry')).toBe('FR');
  });

  test('reads the body in the interface language', async () => {
    localStorage.setItem(LANG_PREFERENCE_KEY, 'en');
    serve({
      cgu: page('cgu', {
        presentation: {
          fallback: { title: "Conditions d'utilisation", body: '<p>Texte français</p>' },
          localized: { en: { title: 'Terms of use', body: '<p>English text</p>' } },
        },
      }),
    });
    renderApp('/legal/cgu');
    expect(await heading('Terms of use')).toBeInTheDocument();
    expect(screen.getByText('English text')).toBeInTheDocument();
  });

  test('without a body, shows the text of the component at its reference address', async () => {
    localStorage.setItem(LANG_PREFERENCE_KEY, 'ar');
    serve({
      'mentions-legales': page('mentions-legales', {
        presentation: {
          fallback: { title: 'Mentions légales' },
          localized: { ar: { title: 'إشعار قانوني' } },
        },
        components: { pageBody: [reference(componentPath('mentions-legales-texte'))] },
      }),
      'mentions-legales-texte': page('mentions-legales-texte', {
        appType: 'text',
        presentation: {
          fallback: {
            title: 'Mentions légales',
            body: '# Mentions légales\n\nAntenne Monde SA, **société fictive**.\n\n## Hébergement\n\n- Auto-hébergé\n- À Paris',
          },
          localized: { ar: { title: 'إشعار قانوني' } },
        },
      }),
    });
    renderApp('/legal/mentions-legales');
    expect(await heading('إشعار قانوني')).toBeInTheDocument();
    // The light text format becomes HTML; its opening heading (the title, in French) is dropped.
    expect(screen.queryByRole('heading', { name: 'Mentions légales' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Hébergement' })).toBeInTheDocument();
    expect(screen.getByText('société fictive').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Auto-hébergé',
      'À Paris',
    ]);
    // The body fell back to French inside an Arabic page.
    const body = screen.getByText(/Antenne Monde SA/).parentElement;
    expect(body).toHaveAttribute('lang', 'fr');
    expect(body).toHaveAttribute('dir', 'ltr');
  });

  test('a reference to a document on another site is linked, in a new tab', async () => {
    const url = 'https://www.antenne-monde.example/legal/conditions-generales-de-vente.html';
    const fetchMock = serve({
      cgv: page('cgv', {
        presentation: { fallback: { title: 'Conditions générales de vente' } },
        components: { pageBody: [reference(url, 'iframe')] },
      }),
    });
    renderApp('/legal/cgv');
    expect(await heading('Conditions générales de vente')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /Lire le document/ });
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(
      fetchMock.mock.calls.some(([input]) => String(input).startsWith('https://www.antenne-monde')),
    ).toBe(false);
  });

  test('an unknown id goes to /notFound', async () => {
    mockFetch();
    const { router } = renderApp('/legal/does-not-exist');
    expect(await heading('Page introuvable')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notFound');
  });

  test('a page with neither a body nor a reference goes to /notFound', async () => {
    serve({ empty: page('empty', { presentation: { fallback: { title: 'Vide' } } }) });
    const { router } = renderApp('/legal/empty');
    expect(await heading('Page introuvable')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notFound');
  });

  test('a failed reference fetch goes to /notFound', async () => {
    serve({
      broken: page('broken', { components: { pageBody: [reference(componentPath('broken-texte'))] } }),
      'broken-texte': 500,
    });
    const { router } = renderApp('/legal/broken');
    expect(await heading('Page introuvable')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notFound');
  });

  test('a custom page renders the same way', async () => {
    serve({
      'qui-sommes-nous': page('qui-sommes-nous', {
        appSubType: 'Custom',
        presentation: { fallback: { title: 'Qui sommes-nous ?', body: 'Une chaîne de démonstration.' } },
      }),
    });
    renderApp('/legal/qui-sommes-nous');
    expect(await heading('Qui sommes-nous ?')).toBeInTheDocument();
    expect(screen.getByText('Une chaîne de démonstration.').tagName).toBe('P');
  });
});
