import { screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '../../app/storage';
import { createGuestSession } from '../session/guestSession';
import { renderApp } from '../../test/renderWithProviders';

const root = () => document.documentElement;

describe('theme: dark by default, stored choice', () => {
  it('defaults to dark and writes it back', async () => {
    renderApp('/');
    await waitFor(() => expect(root()).toHaveClass('dark'));
    expect(root()).not.toHaveClass('light');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });

  it('restores the stored theme on load', async () => {
    localStorage.setItem(STORAGE_KEYS.theme, 'light');
    const { store } = renderApp('/');
    expect(store.getState().theme.theme).toBe('light');
    await waitFor(() => expect(root()).toHaveClass('light'));
    expect(root()).not.toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
  });

  it('ignores a stored value that is not a theme', async () => {
    localStorage.setItem(STORAGE_KEYS.theme, 'sepia');
    renderApp('/');
    await waitFor(() => expect(root()).toHaveClass('dark'));
  });

  it('flips on toggle, writes the change back and sets the class on the root', async () => {
    localStorage.setItem(STORAGE_KEYS.guestSession, JSON.stringify(createGuestSession()));
    const { user } = renderApp('/dashboard');

    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(root()).toHaveClass('light');
    expect(root()).not.toHaveClass('dark');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');

    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(root()).toHaveClass('dark');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
  });
});
