import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { identityPaths, paths, type Component, type MenuItem } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import {
  apiError,
  config,
  json,
  mockFetch,
  requestsTo,
  structure,
  type Handler,
} from '../../../test/fetch-mock';
import { usePopupStore } from '../../components/modal';
import { useSessionStore } from '../../state/session-store';
import { legalLinksOf } from './registration';
import { accountHandlers, accountUrls, bodyOf, pathsCalled } from './account-fixtures';

// Typing whole forms takes seconds when the suite runs on two busy cores.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  useSessionStore.getState().logout();
});
afterEach(() => {
  act(() => usePopupStore.setState({ current: null }));
  vi.restoreAllMocks();
});

const legalItem = (title: string, componentId: string): MenuItem => ({
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
      legalItem('Charte données et cookies | Gestion des données personnelles', 'gestion-des-donnees-personnelles'),
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

function setup(handlers: Record<string, Handler> = {}) {
  const fetchMock = mockFetch({ ...registrationHandlers(), ...handlers });
  return { fetchMock, ...renderApp('/create-account') };
}

type User = ReturnType<typeof userEvent.setup>;

async function fillStepOne(user: User, password = 'Secret#2026', confirm = password) {
  const form = await screen.findByRole('form', { name: 'Identifiants du compte' });
  await user.type(within(form).getByLabelText('Adresse e-mail'), 'awa@example.com');
  await user.type(within(form).getByLabelText('Mot de passe'), password);
  await user.type(within(form).getByLabelText('Confirmation du mot de passe'), confirm);
  await user.click(within(form).getByRole('button', { name: 'Suivant' }));
  return form;
}

async function fillStepTwo(user: User, birthday = '01012000', { certify = true } = {}) {
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
function yearsAgo(years: number): string {
  const date = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}${pad(date.getMonth() + 1)}${date.getFullYear() - years}`;
}

describe('registration, step 1', () => {
  test('shows the password rules, links each legal page found in the footer to its own page, and the contact mailbox', async () => {
    setup();
    await screen.findByRole('form', { name: 'Identifiants du compte' });
    expect(screen.getByText(/Au moins 8 caractères, dont une majuscule/)).toBeInTheDocument();
    // The terms of use, not the terms of sale (whose title also starts « Conditions générales »).
    expect(await screen.findByRole('link', { name: "Conditions générales d'utilisation" })).toHaveAttribute(
      'href',
      '/legal/conditions-d-utilisation',
    );
    expect(screen.getByRole('link', { name: 'Gestion des données personnelles' })).toHaveAttribute(
      'href',
      '/legal/gestion-des-donnees-personnelles',
    );
    const privacy = screen.getByRole('link', { name: 'Politique de confidentialité' });
    expect(privacy).toHaveAttribute('href', '/legal/informations-vie-privee');
    expect(privacy).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'contact@antenne.example' })).toHaveAttribute(
      'href',
      'mailto:contact@antenne.example',
    );
  });

  test('a structure naming them « Conditions générales d’utilisation » and « Politique de confidentialité » is matched too', () => {
    const links = legalLinksOf([
      legalItem('Conditions générales | Conditions générales de vente', 'cgv'),
      legalItem('Informations légales | Conditions Générales d’utilisation', 'cgu'),
      legalItem('Informations légales | Politique de confidentialité', 'confidentialite'),
    ]);
    expect(links).toEqual({ terms: '/legal/cgu', privacy: '/legal/confidentialite' });
  });

  test('a password breaking the rules shows REGISTER_PASSWORD_RULES and clears the field', async () => {
    const user = userEvent.setup();
    setup();
    const form = await fillStepOne(user, 'secret12', 'secret12');
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Le mot de passe doit contenir au moins 8 caractères',
    );
    expect(within(form).getByLabelText('Mot de passe')).toHaveValue('');
    expect(within(form).getByLabelText('Mot de passe')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('form', { name: 'Informations personnelles' })).not.toBeInTheDocument();
  });

  test('a confirmation that differs shows ERROR_PASSWORD_CONFIRMATION', async () => {
    const user = userEvent.setup();
    setup();
    const form = await fillStepOne(user, 'Secret#2026', 'Secret#2027');
    expect(within(form).getByRole('alert')).toHaveTextContent('Les mots de passe doivent être identiques.');
    expect(within(form).getByLabelText('Confirmation du mot de passe')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  test('a malformed email shows ERROR_EMAIL_FORMAT', async () => {
    const user = userEvent.setup();
    setup();
    const form = await screen.findByRole('form', { name: 'Identifiants du compte' });
    await user.type(within(form).getByLabelText('Adresse e-mail'), 'awa@example');
    await user.type(within(form).getByLabelText('Mot de passe'), 'Secret#2026');
    await user.type(within(form).getByLabelText('Confirmation du mot de passe'), 'Secret#2026');
    await user.click(within(form).getByRole('button', { name: 'Suivant' }));
    expect(within(form).getByRole('alert')).toHaveTextContent("Le format de l'adresse e-mail est incorrect.");
    expect(within(form).getByLabelText('Adresse e-mail')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('registration, step 2', () => {
  test('flags every missing required field in red', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup();
    await fillStepOne(user);
    const form = await screen.findByRole('form', { name: 'Informations personnelles' });
    await user.click(within(form).getByRole('button', { name: 'Créer mon compte' }));
    for (const label of ['Nom', 'Prénom', 'Date de naissance']) {
      expect(within(form).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(within(form).getByRole('alert')).toHaveTextContent('Veuillez remplir tous les champs.');
    expect(requestsTo(fetchMock, identityPaths.signUpEmail)).toHaveLength(0);
  });

  test('formats the birthday as digits are typed; a 9th digit is trimmed; the info button explains it', async () => {
    const user = userEvent.setup();
    setup();
    await fillStepOne(user);
    const form = await screen.findByRole('form', { name: 'Informations personnelles' });
    const birthday = within(form).getByLabelText('Date de naissance');
    await user.type(birthday, '0101');
    expect(birthday).toHaveValue('01/01');
    await user.type(birthday, '20001');
    expect(birthday).toHaveValue('01/01/2000');
    await user.type(birthday, 'ab');
    expect(birthday).toHaveValue('01/01/2000');
    await user.click(
      within(form).getByRole('button', { name: 'Aide sur le format de la date de naissance' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Date de naissance' })).toHaveTextContent(
      'jour, mois puis année (8 chiffres)',
    );
  });

  test('typing 010120001 shows 01/01/2000', async () => {
    const user = userEvent.setup();
    setup();
    await fillStepOne(user);
    const birthday = within(
      await screen.findByRole('form', { name: 'Informations personnelles' }),
    ).getByLabelText('Date de naissance');
    await user.type(birthday, '010120001');
    expect(birthday).toHaveValue('01/01/2000');
  });

  test('under 16: the REGISTER_SIXTEEN_PLUS_ERROR popup and the date in red; no account is made', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup();
    await fillStepOne(user);
    const form = await fillStepTwo(user, yearsAgo(15));
    await user.click(within(form).getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'Vous ne pouvez pas créer de compte si vous avez moins de 16 ans.',
    );
    expect(within(form).getByLabelText('Date de naissance', { selector: 'input' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(requestsTo(fetchMock, identityPaths.signUpEmail)).toHaveLength(0);
  });

  test('the certify-16 checkbox must be ticked', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup();
    await fillStepOne(user);
    const form = await fillStepTwo(user, '01012000', { certify: false });
    await user.click(within(form).getByRole('button', { name: 'Créer mon compte' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Veuillez certifier que vous avez 16 ans ou plus.',
    );
    expect(requestsTo(fetchMock, identityPaths.signUpEmail)).toHaveLength(0);
  });

  test('the back arrow returns to step 1 with the values kept', async () => {
    const user = userEvent.setup();
    setup();
    await fillStepOne(user);
    const form = await screen.findByRole('form', { name: 'Informations personnelles' });
    await user.type(within(form).getByLabelText('Nom'), 'Diallo');
    await user.click(within(form).getByRole('button', { name: "Retour à l'étape précédente" }));
    const first = await screen.findByRole('form', { name: 'Identifiants du compte' });
    expect(within(first).getByLabelText('Adresse e-mail')).toHaveValue('awa@example.com');
    await user.click(within(first).getByRole('button', { name: 'Suivant' }));
    expect(
      within(await screen.findByRole('form', { name: 'Informations personnelles' })).getByLabelText('Nom'),
    ).toHaveValue('Diallo');
  });
});

describe('registration, submit', () => {
  test('signs out, signs up with the names, birthday, sex and country (kept by the server, not the browser), asks to validate the email, then /login', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = setup();
    await fillStepOne(user);
    const form = await fillStepTwo(user);
    await user.click(within(form).getByRole('button', { name: 'Créer mon compte' }));

    const dialog = await screen.findByRole('dialog', { name: 'Validez votre adresse e-mail' });
    expect(dialog).toHaveTextContent('awa@example.com');

    expect(pathsCalled(fetchMock).filter((path) => path.startsWith('/identity/'))).toEqual([
      identityPaths.signOut,
      identityPaths.signUpEmail,
    ]);
    expect(bodyOf(fetchMock, identityPaths.signUpEmail)).toEqual({
      email: 'awa@example.com',
      password: 'Secret#2026',
      name: 'Awa Diallo',
      language: 'fr',
      firstName: 'Awa',
      lastName: 'Diallo',
      birthday: '01012000',
      gender: 'female',
      country: 'FR',
      callbackURL: '/login?verified=1',
    });
    // Nothing waits in this browser for the first sign-in (which may happen on another device).
    expect(requestsTo(fetchMock, accountUrls.firebaseLogin)).toHaveLength(0);
    const kept = Object.keys(localStorage)
      .map((key) => localStorage.getItem(key) ?? '')
      .join('\n');
    expect(kept).not.toContain('01012000');
    expect(kept).not.toContain('Diallo');
    expect(useSessionStore.getState().token).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  test('an existing account: popup ERROR with EMAIL_EXISTS, and its Login button goes to /login', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = setup({
      [identityPaths.signUpEmail]: () =>
        json(
          {
            httpCode: 422,
            message: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
            extendedMessage: 'User already exists. Use another email.',
          },
          422,
        ),
    });
    await fillStepOne(user);
    const form = await fillStepTwo(user);
    await user.click(within(form).getByRole('button', { name: 'Créer mon compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erreur' });
    expect(dialog).toHaveTextContent('Un compte existe déjà avec cette adresse e-mail.');
    expect(within(dialog).getByRole('button', { name: 'OK' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, accountUrls.firebaseLogin)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  test('opened at an address the server does not trust (403 UNTRUSTED_ORIGIN): the error popup says to set PUBLIC_URL', async () => {
    const user = userEvent.setup();
    setup({ [identityPaths.signUpEmail]: () => apiError(403, 'UNTRUSTED_ORIGIN') });
    await fillStepOne(user);
    const form = await fillStepTwo(user);
    await user.click(within(form).getByRole('button', { name: 'Créer mon compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erreur' });
    expect(dialog).toHaveTextContent(/demandez à l'administrateur de régler PUBLIC_URL/);
  });

  test('a network failure at sign-up shows the network-error popup', async () => {
    const user = userEvent.setup();
    setup({
      [identityPaths.signUpEmail]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await fillStepOne(user);
    const form = await fillStepTwo(user);
    await user.click(within(form).getByRole('button', { name: 'Créer mon compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Un problème est survenu' });
    expect(dialog).toHaveTextContent('Impossible de joindre le serveur.');
    expect(within(dialog).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
