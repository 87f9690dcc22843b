import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { legalLinksOf } from './registration';
import { fillStepOne, legalItem, setUpRegistrationTests, setup } from './create-account-test-helpers';

// Typing whole forms takes seconds when the suite runs on two busy cores.
vi.setConfig({ testTimeout: 20_000 });

setUpRegistrationTests();

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
