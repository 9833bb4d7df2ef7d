import { screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '../../app/storage';
import { renderApp } from '../../test/renderWithProviders';
import { createGuestSession } from '../session/guestSession';

describe('language switch', () => {
  it('switches the landing page to Spanish and back', async () => {
    const { user } = renderApp('/');
    expect(screen.getByRole('button', { name: 'Continue as Guest' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Español' }));

    expect(screen.getByRole('button', { name: 'Continuar como invitado' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Juegos destacados' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('es');

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(screen.getByRole('button', { name: 'Continue as Guest' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it('switches the navigation labels', async () => {
    localStorage.setItem(STORAGE_KEYS.guestSession, JSON.stringify(createGuestSession()));
    const { user } = renderApp('/dashboard');
    await user.click(screen.getByRole('button', { name: 'Español' }));

    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    // Tournaments shows once GET /api/config says the feature is on (the test server's default).
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Panel', 'Juegos', 'Torneos', 'Clasificación', 'Perfil', 'Billetera']),
    );
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Panel', level: 1 })).toBeInTheDocument();
  });

  it('starts in the stored language', async () => {
    localStorage.setItem(STORAGE_KEYS.language, 'es');
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Continuar como invitado' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
  });

  it('defaults to English', () => {
    renderApp('/');
    expect(screen.getByRole('button', { name: 'Continue as Guest' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });
});
