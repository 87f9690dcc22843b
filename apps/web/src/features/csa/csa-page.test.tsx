import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, test } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { renderApp } from '../../../test/render-app';
import { mockFetch } from '../../../test/fetch-mock';
import { CsaIcon } from '../../components/csa-icon';

beforeEach(() => {
  mockFetch();
});

describe('the CSA page', () => {
  test('shows the age-rating table with its five levels', async () => {
    renderApp('/csa');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Signalétique jeunesse' }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Catégories de la signalétique jeunesse' });
    const rows = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(rows).toEqual([
      'Tous publics',
      'Déconseillé aux moins de 10 ans',
      'Déconseillé aux moins de 12 ans',
      'Déconseillé aux moins de 16 ans',
      'Déconseillé aux moins de 18 ans',
    ]);
    const levels = [...table.querySelectorAll('svg[data-csa-level]')].map((svg) => svg.textContent);
    expect(levels).toEqual(['-10', '-12', '-16', '-18']);
    expect(within(table).getByText('Aucun pictogramme')).toBeInTheDocument();
  });
});

describe('CsaIcon', () => {
  test('is a white disc with the black number, named for screen readers', async () => {
    const i18n = await createI18n('en');
    render(
      <I18nextProvider i18n={i18n}>
        <CsaIcon level={16} />
        <CsaIcon level={12} decorative />
      </I18nextProvider>,
    );
    const icon = screen.getByRole('img', { name: 'Not recommended for under-16s' });
    expect(icon.querySelector('circle')).toHaveAttribute('fill', '#ffffff');
    expect(icon.querySelector('text')).toHaveAttribute('fill', '#000000');
    expect(icon).toHaveTextContent('-16');
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });
});
