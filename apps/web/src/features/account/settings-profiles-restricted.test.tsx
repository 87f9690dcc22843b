import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { accountPaths } from '@antenne/contract';
import { renderApp } from '../../../test/render-app';
import { apiError, config, json } from '../../../test/fetch-mock';
import { toSessionProfile, useSessionStore } from '../../state/session-store';
import { loginResponse, profileOf } from './account-fixtures';
import { alice, itemOf, openProfiles, serve, setUpProfilesTests } from './settings-profiles-test-helpers';

// Typing into dialogs is slow on a shared machine.
vi.setConfig({ testTimeout: 20_000 });

setUpProfilesTests();

describe('account settings of a restricted profile (a child profile)', () => {
  // The server says it is restricted (UserProfile.restricted, ADR 0012).
  const kid = {
    ...profileOf('kid', 'Enfants', false, { avatar: 'avatar-2', PrLevel: '1' }),
    child: true,
    restricted: true,
  };
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
    expect(
      within(itemOf(list, 'Enfants')).queryByRole('button', { name: /Supprimer/ }),
    ).not.toBeInTheDocument();

    await user.click(
      within(itemOf(list, 'Enfants')).getByRole('button', { name: 'Modifier le profil Enfants' }),
    );
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

  test("switching to a profile with a PIN asks for that PIN (the player's dialog): wrong, then right", async () => {
    const { calls } = serve([mainWithPin, kid], {
      [`GET ${accountPaths.selectProfile(config, 'alice')}`]: (_url, init) =>
        new Headers(init?.headers).get('x-parental-pin') === '1234'
          ? json(loginResponse('session-alice', mainWithPin))
          : apiError(403, 'INVALID_PIN_CODE'),
    });
    const { user, list, router } = await openProfiles();
    await user.click(
      within(itemOf(list, 'Alice')).getByRole('button', { name: 'Changer de profil pour Alice' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Regarder en tant que Alice ?' });
    expect(
      within(dialog).getByText(
        "Le profil Alice est protégé par un code parental. Saisissez ce code pour l'utiliser.",
      ),
    ).toBeInTheDocument();
    const pin = within(dialog).getByLabelText('Code parental (4 chiffres)');
    expect(pin).toHaveAttribute('type', 'password');
    await user.type(pin, '0000');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(await within(dialog).findByText('Code incorrect')).toBeInTheDocument();
    expect(useSessionStore.getState()).toMatchObject({
      token: 'session-kid',
      profile: { externalId: 'kid' },
    });

    await user.clear(pin);
    await user.type(pin, '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useSessionStore.getState()).toMatchObject({
      token: 'session-alice',
      profile: { externalId: 'alice' },
    });
    const selects = calls.filter((call) => call.path === accountPaths.selectProfile(config, 'alice'));
    expect(selects).toHaveLength(2);
    expect(selects.every((call) => call.authorization === 'Bearer session-kid')).toBe(true);
  });
});
