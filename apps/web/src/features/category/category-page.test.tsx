import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { LANG_PREFERENCE_KEY, paths, type Component } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import { apiError, config, json, mockFetch, type Handler } from '../../../test/fetch-mock';

/** /vod/{id} as a custom page (spec part 1 §2): the footer's "Qui sommes-nous ?", "Nous contacter"… */

const componentPath = (id: string) => paths.wlComponent(config, id);

/** A custom page as the demo structure holds it: a title, and its text in a referenced component. */
const customPage = (id: string, title: string, more: Partial<Component> = {}): Component => ({
  type: 'Component',
  id,
  appType: 'page',
  appSubType: 'Custom',
  presentation: { fallback: { title } },
  components: {
    pageBody: [
      {
        type: 'ComponentReference',
        appType: 'text',
        referenceId: `${id}-texte`,
        referenceUrl: componentPath(`${id}-texte`),
      },
    ],
  },
  ...more,
});

const textComponent = (id: string, title: string, body: string): Component => ({
  type: 'Component',
  id,
  appType: 'text',
  presentation: { fallback: { title, body } },
});

function serve(components: Record<string, Component | number>) {
  const handlers: Record<string, Handler> = {};
  for (const [id, answer] of Object.entries(components)) {
    handlers[componentPath(id)] = () =>
      typeof answer === 'number' ? apiError(answer, 'SERVER_ERROR') : json(answer);
  }
  return mockFetch(handlers);
}

describe('a custom page at /vod/{id}', () => {
  beforeEach(() => {
    localStorage.removeItem(LANG_PREFERENCE_KEY);
    vi.stubGlobal('IntersectionObserver', undefined);
  });

  test('shows the body of the component its page body references, under its title', async () => {
    serve({
      'qui-sommes-nous': customPage('qui-sommes-nous', 'Qui sommes-nous ?'),
      'qui-sommes-nous-texte': textComponent(
        'qui-sommes-nous-texte',
        'Qui sommes-nous ?',
        "# Qui sommes-nous ?\n\nAntenne Monde est la chaîne de **démonstration** d'un diffuseur francophone.",
      ),
    });
    renderApp('/vod/qui-sommes-nous');
    expect(await screen.findByRole('heading', { level: 1, name: 'Qui sommes-nous ?' })).toBeInTheDocument();
    const text = await screen.findByText(/Antenne Monde est la chaîne de/);
    expect(within(text).getByText('démonstration').tagName).toBe('STRONG');
    // The body's opening heading repeats the title: it is not shown twice.
    expect(screen.getAllByRole('heading', { name: 'Qui sommes-nous ?' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Retour' })).toBeInTheDocument();
  });

  test('shows its own body when it has one, sanitised', async () => {
    serve({
      contact: customPage('contact', 'Nous contacter', {
        presentation: {
          fallback: {
            title: 'Nous contacter',
            body: '<p>Écrivez-nous.</p><script>window.hacked = true</script>',
          },
        },
      }),
    });
    renderApp('/vod/contact');
    expect(await screen.findByText('Écrivez-nous.')).toBeInTheDocument();
    expect(document.querySelector('main script')).toBeNull();
  });

  test('a page with neither a body nor a reference, or whose reference fails, goes to /notFound', async () => {
    serve({
      vide: customPage('vide', 'Vide', { components: { pageBody: [] } }),
      casse: customPage('casse', 'Cassée'),
      'casse-texte': 500,
    });
    const { router } = renderApp('/vod/vide');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notFound');
    await router.navigate('/vod/casse');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/notFound'));
  });
});
