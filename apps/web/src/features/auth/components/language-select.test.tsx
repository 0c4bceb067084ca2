import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../../test/render-app';
import { startEachTestSignedOut } from '../../../../test/session';

startEachTestSignedOut();

describe('the language select of the public pages', () => {
  it('offers each language in its own name and turns the sign-in page to Arabic, right to left', async () => {
    renderApp('/login');
    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    expect(screen.getByRole('option', { name: 'العربية' })).toHaveAttribute('lang', 'ar');

    await userEvent.setup({ delay: null }).selectOptions(select, 'ar');

    expect(await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(screen.getByRole('combobox')).toHaveValue('ar');
  });
});
