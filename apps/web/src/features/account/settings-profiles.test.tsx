import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { accountPaths, paths, type UserProfile, type UserProfileWrite } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import { apiError, config, json, mockFetch, startupPaths, type Handler } from '../../../test/fetch-mock';
import { usePopupStore } from '../../components/modal/popup-store';
import { toSessionProfile, useSessionStore } from '../../state/session-store';
import { loginResponse, profileOf } from './account-fixtures';

// Typing into dialogs is slow on a shared machine.
vi.setConfig({ testTimeout: 20_000 });

const TOKEN = 'session-token-1';
const PROFILES = accountPaths.profiles(config);
const avatars = [
  { id: 'avatar-1', url: '/images/avatars/1.png' },
  { id: 'avatar-2', url: '/images/avatars/2.png' },
];
const REMINDERS = JSON.stringify([{ channelId: 'ch-1', startDate: 1_900_000_000, title: 'Journal' }]);

const alice = profileOf('alice', 'Alice', true);
const bob = {
  ...profileOf('bob', 'Bob', false, { avatar: 'avatar-2', PrLevel: '12', Reminders: REMINDERS }),
  child: true,
};

interface Recorded {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

/**
 * A household server: GET/POST the profiles, PUT/DELETE one, select one. `answers` overrides a
 * call by "METHOD path".
 */
function serve(
  initial: UserProfile[],
  answers: Record<string, (url: URL, init: RequestInit | undefined) => Response | Promise<Response>> = {},
) {
  let household = [...initial];
  const calls: Recorded[] = [];
  let created = 0;
  const list = () => json({ profiles: household, pinCodes: [] });

  const one: Handler = (url, init) => {
    const method = init?.method ?? 'GET';
    const userId = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    if (method === 'PUT') {
      const body = JSON.parse(String(init?.body)) as UserProfileWrite;
      household = household.map((profile) =>
        profile.userId === userId
          ? {
              ...profile,
              displayName: body.displayName ?? profile.displayName,
              child: body.child ?? profile.child,
              metadata: body.metadata ?? profile.metadata,
              hasPinCode: body.pinCode === undefined ? profile.hasPinCode : body.pinCode !== null,
            }
          : profile,
      );
      return json(household.find((profile) => profile.userId === userId));
    }
    household = household.filter((profile) => profile.userId !== userId);
    return list();
  };

  const handlers: Record<string, Handler> = {
    [startupPaths.config]: () => json({ ...config, avatars }),
    [startupPaths.configFallback]: () => json({ ...config, avatars }),
    [accountPaths.preferences(config)]: () => json({ lastUpdated: '2026-11-01T00:00:00Z', preferences: {} }),
    [paths.location()]: () => json({ countryCode: 'FR' }),
    [PROFILES]: (_url, init) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as UserProfileWrite;
        created += 1;
        household = [
          ...household,
          {
            ...profileOf(`new-${created}`, body.displayName ?? '', false, body.metadata ?? {}),
            child: body.child ?? false,
          },
        ];
      }
      return list();
    },
    ...Object.fromEntries(
      [...initial, ...[1, 2].map((n) => profileOf(`new-${n}`, '', false))].flatMap((profile) => [
        [accountPaths.profile(config, profile.userId), one],
        [
          accountPaths.selectProfile(config, profile.userId),
          () => json(loginResponse(`session-${profile.userId}`, profile)),
        ],
      ]),
    ),
  };
  const wrapped = Object.fromEntries(
    Object.entries(handlers).map(([path, handler]) => [
      path,
      (url: URL, init: RequestInit | undefined) => {
        const method = init?.method ?? 'GET';
        if (path !== startupPaths.config && path !== startupPaths.configFallback) {
          calls.push({
            method,
            path: url.pathname,
            body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
            authorization: new Headers(init?.headers).get('Authorization'),
          });
        }
        const override = answers[`${method} ${url.pathname}`];
        return override ? override(url, init) : handler(url, init);
      },
    ]),
  );
  mockFetch(wrapped);
  return {
    calls,
    writes: () => calls.filter((call) => call.method !== 'GET'),
  };
}

beforeEach(() => {
  useSessionStore.getState().logout();
  useSessionStore.setState({
    token: TOKEN,
    user: { email: 'viewer@example.com', userId: 'alice', createdAt: Date.now() },
    profile: toSessionProfile(alice),
    status: 'connected',
  });
});

afterEach(() => {
  act(() => usePopupStore.getState().close({ validated: false }));
});

/** The account settings on /login, Profils tab: answers the household's list. */
async function openProfiles() {
  const view = renderApp('/login');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Profils' }));
  const panel = screen.getByRole('tabpanel', { name: 'Profils' });
  const list = await within(panel).findByRole('list', { name: 'Les profils du foyer' });
  return { user, panel, list, router: view.router };
}

/** The list item of the profile named `name`. */
function itemOf(list: HTMLElement, name: string): HTMLElement {
  const item = within(list)
    .getAllByRole('listitem')
    .find((element) => within(element).queryByText(name, { exact: true }));
  if (!item) throw new Error(`no profile ${name}`);
  return item;
}

describe('account settings: profiles', () => {
  test('lists the household with the main and current profiles marked; the main one cannot be deleted', async () => {
    const { calls } = serve([alice, bob]);
    const { list } = await openProfiles();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const aliceItem = itemOf(list, 'Alice');
    expect(within(aliceItem).getByText('Profil principal')).toBeInTheDocument();
    expect(within(aliceItem).getByText('Profil actuel')).toBeInTheDocument();
    expect(within(aliceItem).getByText('A')).toBeInTheDocument();
    expect(within(aliceItem).queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();
    expect(within(aliceItem).queryByRole('button', { name: /Changer de profil/ })).not.toBeInTheDocument();
    expect(within(aliceItem).getByRole('button', { name: 'Modifier le profil Alice' })).toBeInTheDocument();

    const bobItem = itemOf(list, 'Bob');
    expect(within(bobItem).queryByText('Profil principal')).not.toBeInTheDocument();
    expect(within(bobItem).queryByText('Profil actuel')).not.toBeInTheDocument();
    expect(within(bobItem).getByText('Profil enfant')).toBeInTheDocument();
    expect(bobItem.querySelector('img')).toHaveAttribute('src', '/images/avatars/2.png');
    expect(within(bobItem).getByRole('button', { name: 'Supprimer le profil Bob' })).toBeInTheDocument();
    expect(within(bobItem).getByRole('button', { name: 'Changer de profil pour Bob' })).toBeInTheDocument();

    const read = calls.find((call) => call.path === PROFILES);
    expect(read?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(screen.getByRole('button', { name: 'Ajouter un profil' })).toBeEnabled();
  });

  test('adding a profile with an avatar posts it and shows the new list', async () => {
    const { writes } = serve([alice, bob]);
    const { user, list } = await openProfiles();
    await user.click(screen.getByRole('button', { name: 'Ajouter un profil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un profil' });
    // An empty name is refused before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Saisissez un nom pour ce profil.')).toBeInTheDocument();
    expect(writes()).toEqual([]);

    expect(within(dialog).getByRole('radio', { name: 'Sans avatar' })).toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: 'Nom du profil' }), 'Chloé');
    await user.click(within(dialog).getByRole('radio', { name: 'avatar-1' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Profil enfant' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: PROFILES,
        body: { displayName: 'Chloé', child: true, metadata: { avatar: 'avatar-1' } },
        authorization: `Bearer ${TOKEN}`,
      },
    ]);
    const chloe = itemOf(list, 'Chloé');
    expect(chloe.querySelector('img')).toHaveAttribute('src', '/images/avatars/1.png');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('Le profil Chloé a été ajouté.');
    expect(useSessionStore.getState().profiles.map((profile) => profile.displayName)).toEqual([
      'Alice',
      'Bob',
      'Chloé',
    ]);
    expect(useSessionStore.getState().profileLoading).toBe(false);
  });

  test('with five profiles, adding is unavailable and the reason is given', async () => {
    serve([alice, bob, ...['c', 'd', 'e'].map((id) => profileOf(id, id.toUpperCase(), false))]);
    const { list } = await openProfiles();
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    const add = screen.getByRole('button', { name: 'Ajouter un profil' });
    expect(add).toBeDisabled();
    const reason = 'Un foyer compte au plus 5 profils : supprimez-en un pour en ajouter un nouveau.';
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(add).toHaveAccessibleDescription(reason);
  });

  test('the server refusing a sixth profile (TOO_MANY_PROFILES) is said in words', async () => {
    serve([alice, bob], { [`POST ${PROFILES}`]: () => apiError(403, 'TOO_MANY_PROFILES') });
    const { user, list } = await openProfiles();
    await user.click(screen.getByRole('button', { name: 'Ajouter un profil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un profil' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nom du profil' }), 'Chloé');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(dialog).findByText('Votre foyer compte déjà 5 profils, le maximum autorisé.'),
    ).toBeInTheDocument();
    // The page behind the open dialog is hidden from assistive technology.
    expect(within(list).getAllByRole('listitem', { hidden: true })).toHaveLength(2);
    expect(useSessionStore.getState()).toMatchObject({
      profileLoading: false,
      profileError: 'TOO_MANY_PROFILES',
    });
  });

  test('editing keeps the other metadata keys, changes the avatar and sets a parental PIN', async () => {
    const { writes } = serve([alice, bob]);
    const { user, list } = await openProfiles();
    await user.click(within(itemOf(list, 'Bob')).getByRole('button', { name: 'Modifier le profil Bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le profil Bob' });
    const name = within(dialog).getByRole('textbox', { name: 'Nom du profil' });
    expect(name).toHaveValue('Bob');
    expect(within(dialog).getByRole('radio', { name: 'avatar-2' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Profil enfant' })).toBeChecked();
    expect(within(dialog).getByText("Aucun code parental n'est défini pour ce profil.")).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'Bobby');
    await user.click(within(dialog).getByRole('radio', { name: 'avatar-1' }));
    const pin = within(dialog).getByLabelText('Nouveau code parental (4 chiffres)');
    expect(pin).toHaveAttribute('type', 'password');
    // Three digits are refused, in words.
    await user.type(pin, '123');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(dialog).findByText('Le code parental doit comporter exactement 4 chiffres.'),
    ).toBeInTheDocument();
    expect(writes()).toEqual([]);
    await user.type(pin, '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes()).toEqual([
      {
        method: 'PUT',
        path: accountPaths.profile(config, 'bob'),
        body: {
          displayName: 'Bobby',
          child: true,
          metadata: { avatar: 'avatar-1', PrLevel: '12', Reminders: REMINDERS },
          pinCode: '1234',
        },
        authorization: `Bearer ${TOKEN}`,
      },
    ]);
    const bobby = itemOf(list, 'Bobby');
    expect(bobby.querySelector('img')).toHaveAttribute('src', '/images/avatars/1.png');
    expect(within(bobby).getByText('Code parental')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Le profil Bobby a été enregistré.');
  });

  test('a PIN can be removed (pinCode null), and editing the current profile refreshes it', async () => {
    // PrLevel 7 (CSA -18) holds nothing back: an unrestricted profile.
    const { writes } = serve([{ ...alice, hasPinCode: true, metadata: { PrLevel: '7' } }, bob]);
    const { user, list } = await openProfiles();
    await user.click(within(itemOf(list, 'Alice')).getByRole('button', { name: 'Modifier le profil Alice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le profil Alice' });
    expect(within(dialog).getByText('Un code parental protège ce profil.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'avatar-2' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Supprimer le code parental' }));
    const name = within(dialog).getByRole('textbox', { name: 'Nom du profil' });
    await user.clear(name);
    await user.type(name, 'Alicia');
    // Removing a PIN the profile has asks for the current one (or the account password) first.
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Saisissez le code parental actuel ou le mot de passe du compte.')).toBeInTheDocument();
    expect(writes()).toEqual([]);
    await user.type(within(dialog).getByLabelText('Code parental actuel'), '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes().map((call) => call.body)).toEqual([
      { displayName: 'Alicia', child: false, metadata: { PrLevel: '7', avatar: 'avatar-2' }, pinCode: null, currentPinCode: '1234' },
    ]);
    const state = useSessionStore.getState();
    expect(state.profile).toMatchObject({ externalId: 'alice', displayName: 'Alicia' });
    expect(state.profile?.profileProperties).toContainEqual({ name: 'avatar', value: 'avatar-2' });
    expect(state.avatar).toBe('avatar-2');
    expect(within(itemOf(list, 'Alicia')).getByText('Profil actuel')).toBeInTheDocument();
  });

  test('deleting asks for confirmation, then the list is replaced; cancelling deletes nothing', async () => {
    const { writes } = serve([alice, bob]);
    const { user, list } = await openProfiles();
    await user.click(within(itemOf(list, 'Bob')).getByRole('button', { name: 'Supprimer le profil Bob' }));
    let confirm = await screen.findByRole('dialog', { name: 'Supprimer le profil Bob ?' });
    await user.click(within(confirm).getByRole('button', { name: 'Annuler' }));
    expect(writes()).toEqual([]);
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    await user.click(within(itemOf(list, 'Bob')).getByRole('button', { name: 'Supprimer le profil Bob' }));
    confirm = await screen.findByRole('dialog', { name: 'Supprimer le profil Bob ?' });
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(writes()).toEqual([
      {
        method: 'DELETE',
        path: accountPaths.profile(config, 'bob'),
        body: undefined,
        authorization: `Bearer ${TOKEN}`,
      },
    ]);
    expect(screen.queryByText('Bob', { exact: true })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Le profil Bob a été supprimé.');
    expect(useSessionStore.getState().profiles.map((profile) => profile.userId)).toEqual(['alice']);
  });

  test('the loading flag is raised while a delete is under way and lowered once the list arrives', async () => {
    let answer: (response: Response) => void = () => undefined;
    serve([alice, bob], {
      [`DELETE ${accountPaths.profile(config, 'bob')}`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user, list } = await openProfiles();
    await user.click(within(itemOf(list, 'Bob')).getByRole('button', { name: 'Supprimer le profil Bob' }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer le profil Bob ?' });
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(useSessionStore.getState().profileLoading).toBe(true));
    expect(screen.getByRole('button', { name: 'Ajouter un profil' })).toBeDisabled();
    expect(
      within(itemOf(list, 'Bob')).getByRole('button', { name: 'Modifier le profil Bob' }),
    ).toBeDisabled();
    act(() => answer(json({ profiles: [alice], pinCodes: [] })));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(useSessionStore.getState()).toMatchObject({ profileLoading: false, profileError: null });
    expect(screen.getByRole('button', { name: 'Ajouter un profil' })).toBeEnabled();
  });

  test('a refused delete (CANNOT_DELETE_OWNER) is said in words and the list is kept', async () => {
    serve([alice, bob], {
      [`DELETE ${accountPaths.profile(config, 'bob')}`]: () => apiError(403, 'CANNOT_DELETE_OWNER'),
    });
    const { user, list } = await openProfiles();
    await user.click(within(itemOf(list, 'Bob')).getByRole('button', { name: 'Supprimer le profil Bob' }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer le profil Bob ?' });
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Le profil principal ne peut pas être supprimé.',
    );
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  test('switching profile asks "Regarder en tant que Bob ?", stores the new session and goes home', async () => {
    const { calls } = serve([alice, bob]);
    const { user, list, router } = await openProfiles();
    await user.click(within(itemOf(list, 'Bob')).getByRole('button', { name: 'Changer de profil pour Bob' }));
    const confirm = await screen.findByRole('dialog', { name: 'Regarder en tant que Bob ?' });
    await user.click(within(confirm).getByRole('button', { name: 'Changer de profil' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const select = calls.find((call) => call.path === accountPaths.selectProfile(config, 'bob'));
    expect(select).toMatchObject({ method: 'GET', authorization: `Bearer ${TOKEN}` });
    const state = useSessionStore.getState();
    expect(state.token).toBe('session-bob');
    expect(state.profile).toMatchObject({ externalId: 'bob', displayName: 'Bob' });
    expect(state.avatar).toBe('avatar-2');
    expect(state.status).toBe('connected');
  });

  test('declining the profile change keeps the current profile', async () => {
    const { calls } = serve([alice, bob]);
    const { user, list, router } = await openProfiles();
    await user.click(within(itemOf(list, 'Bob')).getByRole('button', { name: 'Changer de profil pour Bob' }));
    const confirm = await screen.findByRole('dialog', { name: 'Regarder en tant que Bob ?' });
    await user.click(within(confirm).getByRole('button', { name: 'Annuler' }));
    expect(calls.some((call) => call.path.endsWith('/select'))).toBe(false);
    expect(useSessionStore.getState()).toMatchObject({ token: TOKEN, profile: { externalId: 'alice' } });
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('account settings: changing a PIN the profile has', () => {
  test('asks for the current PIN or the account password; a wrong one is said in words and nothing changes', async () => {
    const protectedBob = { ...bob, hasPinCode: true };
    const { writes } = serve([alice, protectedBob], {
      [`PUT ${accountPaths.profile(config, 'bob')}`]: () => apiError(403, 'INCORRECT_CREDENTIALS'),
    });
    const { user, list } = await openProfiles();
    await user.click(within(itemOf(list, 'Bob')).getByRole('button', { name: 'Modifier le profil Bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le profil Bob' });
    // Nothing asked while the PIN is left alone.
    expect(within(dialog).queryByLabelText('Code parental actuel')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Nouveau code parental (4 chiffres)'), '5678');
    expect(within(dialog).getByText('Pour changer ou supprimer le code parental, saisissez le code actuel ou le mot de passe du compte.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Ou mot de passe du compte'), 'Pas-le-bon-1');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Mot de passe incorrect.')).toBeInTheDocument();
    expect(writes().map((call) => call.body)).toEqual([
      {
        displayName: 'Bob',
        child: true,
        metadata: { avatar: 'avatar-2', PrLevel: '12', Reminders: REMINDERS },
        pinCode: '5678',
        currentPassword: 'Pas-le-bon-1',
      },
    ]);
    // The dialog stays open, the password field emptied for another try.
    expect(within(dialog).getByLabelText('Ou mot de passe du compte')).toHaveValue('');
  });
});

describe('account settings of a restricted profile (a child profile)', () => {
  // The server says it is restricted (UserProfile.restricted, ADR 0012).
  const kid = { ...profileOf('kid', 'Enfants', false, { avatar: 'avatar-2', PrLevel: '1' }), child: true, restricted: true };
  const mainWithPin = { ...alice, hasPinCode: true };

  beforeEach(() => {
    useSessionStore.setState({ token: 'session-kid', profile: toSessionProfile(kid), status: 'connected' });
  });

  test('no My account tab (email, password, deletion), no newsletter: a sign-out button and the profiles', async () => {
    serve([mainWithPin, kid]);
    renderApp('/login');
    expect(await screen.findByRole('tab', { name: 'Profils' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Mon compte' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer mon compte' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Changer le mot de passe' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Préférences' }));
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  test('it edits its own name and avatar only: no other profile to edit or delete, no add, no child flag nor PIN fields', async () => {
    const { writes } = serve([mainWithPin, kid]);
    const { user, list, panel } = await openProfiles();
    expect(within(panel).getByText(/Ce profil est restreint/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ajouter un profil' })).not.toBeInTheDocument();
    const main = itemOf(list, 'Alice');
    expect(within(main).queryByRole('button', { name: /Modifier/ })).not.toBeInTheDocument();
    expect(within(main).queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();
    expect(within(itemOf(list, 'Enfants')).queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();

    await user.click(within(itemOf(list, 'Enfants')).getByRole('button', { name: 'Modifier le profil Enfants' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le profil Enfants' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Profil enfant' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Nouveau code parental (4 chiffres)')).not.toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: 'Nom du profil' });
    await user.clear(name);
    await user.type(name, 'Les petits');
    await user.click(within(dialog).getByRole('radio', { name: 'avatar-1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Its PrLevel and child flag go back unchanged.
    expect(writes()).toEqual([
      {
        method: 'PUT',
        path: accountPaths.profile(config, 'kid'),
        body: { displayName: 'Les petits', child: true, metadata: { avatar: 'avatar-1', PrLevel: '1' } },
        authorization: 'Bearer session-kid',
      },
    ]);
  });

  test('switching to a profile with a PIN asks for that PIN (the player\'s dialog): wrong, then right', async () => {
    const { calls } = serve([mainWithPin, kid], {
      [`GET ${accountPaths.selectProfile(config, 'alice')}`]: (_url, init) =>
        new Headers(init?.headers).get('x-parental-pin') === '1234'
          ? json(loginResponse('session-alice', mainWithPin))
          : apiError(403, 'INVALID_PIN_CODE'),
    });
    const { user, list, router } = await openProfiles();
    await user.click(within(itemOf(list, 'Alice')).getByRole('button', { name: 'Changer de profil pour Alice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regarder en tant que Alice ?' });
    expect(within(dialog).getByText('Le profil Alice est protégé par un code parental. Saisissez ce code pour l\'utiliser.')).toBeInTheDocument();
    const pin = within(dialog).getByLabelText('Code parental (4 chiffres)');
    expect(pin).toHaveAttribute('type', 'password');
    await user.type(pin, '0000');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(await within(dialog).findByText('Code incorrect')).toBeInTheDocument();
    expect(useSessionStore.getState()).toMatchObject({ token: 'session-kid', profile: { externalId: 'kid' } });

    await user.clear(pin);
    await user.type(pin, '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useSessionStore.getState()).toMatchObject({ token: 'session-alice', profile: { externalId: 'alice' } });
    const selects = calls.filter((call) => call.path === accountPaths.selectProfile(config, 'alice'));
    expect(selects).toHaveLength(2);
    expect(selects.every((call) => call.authorization === 'Bearer session-kid')).toBe(true);
  });
});
