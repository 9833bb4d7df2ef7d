import { expect, test } from '@playwright/test';
import { snap } from './support';

/**
 * `npm start` without a mail server keeps account mail in a local outbox (/dev/mail): a new player signs up, opens
 * the outbox, follows the verification link and is verified; then a password reset works the same way.
 */
test('local mail outbox: sign up, verify from /dev/mail, reset the password from /dev/mail', async ({ page }) => {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const account = { username: `mail_${suffix}`, email: `mail_${suffix}@example.com`, password: 'correct-horse-9' };

  await page.goto('/');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const signUp = page.getByRole('form', { name: 'Sign Up' });
  await signUp.getByLabel('Username').fill(account.username);
  await signUp.getByLabel('Email').fill(account.email);
  await signUp.getByLabel('Password', { exact: true }).fill(account.password);
  await signUp.getByLabel('Confirm Password').fill(account.password);
  await signUp.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/dev/mail');
  await expect(page.getByRole('heading', { name: 'Local mail outbox' })).toBeVisible();
  const verification = page.locator('article', { hasText: account.email }).filter({ hasText: 'Confirm' }).first();
  await expect(verification).toBeVisible();
  await snap(page, 'dev-mail-01-outbox');
  await verification.getByRole('link', { name: /\/verify-email\?token=/ }).click();
  await expect(page).toHaveURL(/\/verify-email\?token=/);
  await expect(page.getByText('Email verified successfully', { exact: true }).first()).toBeVisible();
  await snap(page, 'dev-mail-02-verified');

  // A reset link goes only to a verified address: it arrives in the same outbox.
  const forgot = await page.request.post('/api/auth/forgot-password', { data: { email: account.email } });
  expect(forgot.ok()).toBe(true);
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/api/dev/mail')).json()) as { to: string; subject: string }[];
      return mails.some((mail) => mail.to === account.email && /reset/i.test(mail.subject));
    })
    .toBe(true);
  await page.goto('/dev/mail');
  const reset = page.locator('article', { hasText: account.email }).filter({ hasText: /reset/i }).first();
  await reset.getByRole('link', { name: /\/reset-password\?token=/ }).click();
  await expect(page).toHaveURL(/\/reset-password\?token=/);
});
