import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { accountPaths } from '@antenne/contract';
import { apiError, config, json } from '../../../test/fetch-mock';
import { useSessionStore } from '../../state/session-store';
import { profileOf } from './account-fixtures';
import {
  PROFILES,
  REMINDERS,
  TOKEN,
  alice,
  bob,
  itemOf,
  openProfiles,
  serve,
  setUpProfilesTests,
} from './settings-profiles-test-helpers';

// Typing into dialogs is slow on a shared machine.
vi.setConfig({ testTimeout: 20_000 });

setUpProfilesTests();

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
    expect(
      await within(dialog).findByText('Saisissez le code parental actuel ou le mot de passe du compte.'),
    ).toBeInTheDocument();
    expect(writes()).toEqual([]);
    await user.type(within(dialog).getByLabelText('Code parental actuel'), '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes().map((call) => call.body)).toEqual([
      {
        displayName: 'Alicia',
        child: false,
        metadata: { PrLevel: '7', avatar: 'avatar-2' },
        pinCode: null,
        currentPinCode: '1234',
      },
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
