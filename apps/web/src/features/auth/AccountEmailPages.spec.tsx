import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/renderWithProviders';
import { apiUrl, server } from '../../test/server';

describe('/verify-email?token= (mailed link)', () => {
  it('posts the token once and says the email is verified', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('/auth/verify-email'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ success: true, message: 'Email verified successfully' });
      }),
    );
    renderApp('/verify-email?token=tok-1');
    expect(await screen.findByText('Email verified successfully', { selector: 'p' })).toBeInTheDocument();
    expect(bodies).toEqual([{ token: 'tok-1' }]);
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
  });

  it('explains an expired link and offers a new one', async () => {
    server.use(
      http.post(apiUrl('/auth/verify-email'), () =>
        HttpResponse.json({ detail: 'Invalid or expired token', code: 'INVALID_TOKEN' }, { status: 400 }),
      ),
      http.post(apiUrl('/auth/resend-verification'), () => HttpResponse.json({ success: true, message: 'x' })),
    );
    const { user } = renderApp('/verify-email?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired token');
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(
      await screen.findByText(
        'If that account exists and its email is not verified yet, we sent a new verification link.',
      ),
    ).toBeInTheDocument();
  });
});

describe('/reset-password?token= (mailed link)', () => {
  it('checks the new password, posts {token, password} and sends the visitor to sign in', async () => {
    let body: unknown;
    server.use(
      http.post(apiUrl('/auth/reset-password'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, message: 'x' });
      }),
    );
    const { user } = renderApp('/reset-password?token=reset-1');
    await user.type(screen.getByLabelText('New password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret-2');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription('Passwords do not match');
    expect(body).toBeUndefined();

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(body).toEqual({ token: 'reset-1', password: 'new-secret-1' }));
    expect(
      await screen.findAllByText('Password reset successfully. Please sign in with your new password.'),
    ).not.toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/');
  });

  it('says the link is incomplete without a token', async () => {
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
