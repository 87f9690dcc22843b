import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { accountPaths } from '@antenne/contract';
import { apiError, config } from '../../../test/fetch-mock';
import {
  REMINDERS,
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
    expect(
      within(dialog).getByText(
        'Pour changer ou supprimer le code parental, saisissez le code actuel ou le mot de passe du compte.',
      ),
    ).toBeInTheDocument();
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
