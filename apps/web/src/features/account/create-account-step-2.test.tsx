import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { identityPaths } from '@antenne/contract';
import { requestsTo } from '../../../test/fetch-mock';
import {
  fillStepOne,
  fillStepTwo,
  setUpRegistrationTests,
  setup,
  yearsAgo,
} from './create-account-test-helpers';

// Typing whole forms takes seconds when the suite runs on two busy cores.
vi.setConfig({ testTimeout: 20_000 });

setUpRegistrationTests();

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
