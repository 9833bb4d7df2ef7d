import { expect, Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { expectAccessible, snap } from './support';

/** A code from the shown secret, as an authenticator app would compute it; `stepsAhead` picks a later 30 s step. */
async function totp(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  // A notice on its way out (the previous logout's, closing) may still be in the DOM: the shown one is what counts.
  await expect(page.getByText('Logged out successfully').filter({ visible: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Continue as Guest' })).toBeVisible();
}

async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

async function openProfileTab(page: Page, tab: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('tab', { name: tab }).click();
}

test.describe('accounts: sign-up, sessions, profile, 2FA, social login, guest', () => {
  test('sign up → log out → log in → edit profile → enable 2FA → log out → log in with a code', async ({ page }) => {
    const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const account = { username: `acct_${suffix}`, email: `acct_${suffix}@example.com`, password: 'correct-horse-9' };

    // Sign up, with the client checks first.
    await page.goto('/');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const signUp = page.getByRole('form', { name: 'Sign Up' });
    await signUp.getByLabel('Username').fill(account.username);
    await signUp.getByLabel('Email').fill(account.email);
    await signUp.getByLabel('Password', { exact: true }).fill(account.password);
    await signUp.getByLabel('Confirm Password').fill('something-else');
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await expect(signUp.getByText('Passwords do not match')).toBeVisible();
    await snap(page, 'accounts-01-sign-up-validation');
    await expectAccessible(page);
    await signUp.getByLabel('Confirm Password').fill(account.password);
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Account created successfully!')).toBeVisible();
    await expect(page.getByTestId('user-chip')).toContainText(account.username);
    await expect(page.getByTestId('balance')).toContainText('$0.00');

    // A reload keeps the session (GET /users/me/ with the stored token).
    await page.reload();
    await expect(page.getByTestId('user-chip')).toContainText(account.username);

    await logOut(page);

    // A wrong password says why; the right one gets in.
    await fillSignIn(page, account.email, 'wrong-password-1');
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await fillSignIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome back!')).toBeVisible();
    // The device id is the server's (decision 2330): an HttpOnly cookie the page's scripts can neither read nor copy.
    const deviceCookie = (await page.context().cookies()).find((cookie) => cookie.name === 'skillduel_device');
    expect(deviceCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(deviceCookie?.value).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(await page.evaluate(() => document.cookie)).not.toContain('skillduel_device');

    // Edit the profile.
    await openProfileTab(page, 'Settings');
    await expect(page.getByTestId('profile-username')).toHaveText(account.username);
    await page.getByLabel('Country').selectOption('CO');
    const newName = `${account.username}_x`;
    await page.getByLabel('Username').fill(newName);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await expect(page.getByTestId('profile-username')).toHaveText(newName);
    await expect(page.getByTestId('profile-country')).toHaveText('Colombia');
    await expect(page.getByTestId('user-chip')).toContainText(newName);
    await snap(page, 'accounts-02-profile-settings');
    await expectAccessible(page);

    // Enable 2FA with a code computed from the shown secret.
    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page.getByTestId('session-item')).toHaveCount(1);
    await expect(page.getByTestId('session-item').first()).toContainText('This device');
    // Binding an authenticator needs the password too, not just the signed-in session (decision 1001).
    await page.getByLabel('Confirm with your password').fill(account.password);
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await page.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByLabel('Authentication code').fill(await totp(secret));
    await page.getByRole('button', { name: 'Verify and enable' }).click();
    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await snap(page, 'accounts-03-recovery-codes');
    await expectAccessible(page);
    await page.getByRole('button', { name: "I've saved my codes" }).click();
    await expect(page.getByTestId('two-factor-on')).toBeVisible();

    await logOut(page);

    // Log in again: the password is not enough any more.
    await fillSignIn(page, account.email, account.password);
    const code = page.getByLabel('Authentication code');
    await expect(code).toBeFocused();
    await snap(page, 'accounts-04-two-factor-step');
    await expectAccessible(page);
    // The code used to enable 2FA is spent; the next 30 s step is within the accepted window.
    await code.fill(await totp(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page.getByTestId('user-chip')).toContainText(newName);
  });

  test('mobile profile with the security tab fits 375 px', async ({ page, request }) => {
    const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const account = { username: `mob_${suffix}`, email: `mob_${suffix}@example.com`, password: 'correct-horse-9' };
    const response = await request.post('/api/auth/register', {
      data: { ...account, confirmPassword: account.password },
    });
    expect(response.status(), await response.text()).toBeLessThan(300);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await fillSignIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('navigation', { name: 'Mobile navigation' }).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('tab', { name: 'Security' }).click();
    // Two sessions: the registration's and this sign-in's; this one is marked and comes first.
    await expect(page.getByTestId('session-item')).toHaveCount(2);
    await expect(page.getByTestId('session-item').first()).toContainText('This device');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'accounts-05-security-mobile');
    await expectAccessible(page);
  });

  test('social login through the mock provider in a real popup ends on /dashboard signed in', async ({ page }) => {
    await page.goto('/');
    const google = page.getByRole('button', { name: 'Continue with Google' });
    await expect(google).toBeEnabled();
    const popupPromise = page.waitForEvent('popup');
    await google.click();
    const popup = await popupPromise;
    // The popup goes to the provider, back to /auth/google/callback, reports to this page and closes itself.
    if (!popup.isClosed()) await popup.waitForEvent('close');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page.getByTestId('user-chip')).toContainText('social_');
    await snap(page, 'accounts-06-social-signed-in');

    await openProfileTab(page, 'Security');
    await expect(page.getByTestId('linked-google')).toContainText('Linked');
    await expect(page.getByTestId('session-item').first()).toContainText('Google');
  });

  test('guest mode survives a reload', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Continue as Guest' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const chip = page.getByTestId('user-chip');
    await expect(chip).toContainText('Guest_');
    const username = (await chip.locator('.user-chip-name').textContent()) ?? '';
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(chip).toContainText(username);

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByTestId('profile-guest-prompt')).toBeVisible();
    await expectAccessible(page);
  });
});
