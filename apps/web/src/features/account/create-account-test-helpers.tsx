// Shared set-up of the registration suites: /create-account over the account fixtures and the demo
// footer, and the two steps of the form filled in.
import { act, screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import { identityPaths, paths, type Component, type MenuItem } from '@antenne/contract';
import { preloadPageBeforeAll, renderApp } from '../../../test/render-app';
import { config, json, mockFetch, structure, type Handler } from '../../../test/fetch-mock';
import { usePopupStore } from '../../components/modal';
import { useSessionStore } from '../../state/session-store';
import { accountHandlers } from './account-fixtures';

/**
 * The set-up of every registration suite, called at its top: signed out before each test; no popup
 * and no spies left after it.
 */
export function setUpRegistrationTests() {
  preloadPageBeforeAll('/create-account');
  beforeEach(() => {
    useSessionStore.getState().logout();
  });
  afterEach(() => {
    act(() => usePopupStore.setState({ current: null }));
    vi.restoreAllMocks();
  });
}

export const legalItem = (title: string, componentId: string): MenuItem => ({
  appType: 'menuItem',
  presentation: { fallback: { title } },
  actions: {
    default: { type: 'ComponentAction', verb: 'NavigateToPage', componentId, url: `/legal/${componentId}` },
  },
});

/** The demo broadcaster's footer (packages/content): the terms of sale beside the terms of use. */
const footer: Component = {
  type: 'Component',
  id: 'footer',
  appType: 'footer',
  components: {
    menuItems: [
      legalItem('Informations légales | Mentions légales', 'mentions-legales'),
      legalItem("Informations légales | Conditions d'utilisation", 'conditions-d-utilisation'),
      legalItem(
        'Charte données et cookies | Gestion des données personnelles',
        'gestion-des-donnees-personnelles',
      ),
      legalItem('Charte données et cookies | Informations sur la vie privée', 'informations-vie-privee'),
      legalItem('Conditions générales | Conditions générales de vente', 'conditions-generales-de-vente'),
    ],
  },
};

function registrationHandlers(): Record<string, Handler> {
  return {
    ...accountHandlers(),
    [paths.wlConfig(config)]: () =>
      json({
        ...structure,
        components: {
          ...structure.components,
          footer: [
            {
              type: 'ComponentReference',
              appType: 'footer',
              referenceId: 'footer',
              referenceUrl: '/component/footer',
            },
          ],
        },
      }),
    [paths.wlComponent(config, 'footer')]: () => json(footer),
    [paths.location()]: () => json({ locationKnown: true, countryCode: 'FR' }),
    [identityPaths.signUpEmail]: (_url, init) => {
      const { email, name } = JSON.parse(String(init?.body)) as { email: string; name: string };
      return json({ token: null, user: { id: 'idu-new', email, name, emailVerified: false } });
    },
  };
}

/** /create-account over a healthy identity service with the demo footer, `handlers` overriding. */
export function setup(handlers: Record<string, Handler> = {}) {
  const fetchMock = mockFetch({ ...registrationHandlers(), ...handlers });
  return { fetchMock, ...renderApp('/create-account') };
}

type User = ReturnType<typeof userEvent.setup>;

/** Fills in step 1 (email, password, confirmation) and goes on; returns its form. */
export async function fillStepOne(user: User, password = 'Secret#2026', confirm = password) {
  const form = await screen.findByRole('form', { name: 'Identifiants du compte' });
  await user.type(within(form).getByLabelText('Adresse e-mail'), 'awa@example.com');
  await user.type(within(form).getByLabelText('Mot de passe'), password);
  await user.type(within(form).getByLabelText('Confirmation du mot de passe'), confirm);
  await user.click(within(form).getByRole('button', { name: 'Suivant' }));
  return form;
}

/** Fills in step 2 (names, birthday, sex, the certify-16 box) without submitting; returns its form. */
export async function fillStepTwo(user: User, birthday = '01012000', { certify = true } = {}) {
  const form = await screen.findByRole('form', { name: 'Informations personnelles' });
  await user.type(within(form).getByLabelText('Nom'), 'Diallo');
  await user.type(within(form).getByLabelText('Prénom'), 'Awa');
  await user.type(within(form).getByLabelText('Date de naissance'), birthday);
  await user.click(within(form).getByRole('radio', { name: 'Femme' }));
  if (certify)
    await user.click(within(form).getByRole('checkbox', { name: 'Je certifie avoir 16 ans ou plus' }));
  return form;
}

/** dd/MM/yyyy digits of the day `years` years ago. */
export function yearsAgo(years: number): string {
  const date = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}${pad(date.getMonth() + 1)}${date.getFullYear() - years}`;
}
