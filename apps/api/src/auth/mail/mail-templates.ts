import type { MailMessage } from './mail.service';

/** The account emails. Plain text first; the HTML part carries the same words and one link. */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function html(paragraphs: string[], link?: { url: string; label: string }): string {
  const body = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('');
  const button = link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : '';
  return `<!doctype html><html><body style="font-family:sans-serif">${body}${button}<p>— SkillDuel</p></body></html>`;
}

export function verificationMail(to: string, username: string, url: string, ttlHours: number): MailMessage {
  const lines = [
    `Hi ${username},`,
    'Please confirm your email address for SkillDuel.',
    `This link works once and expires in ${ttlHours} hours. If you did not sign up, ignore this email.`,
  ];
  return {
    to,
    subject: 'Confirm your SkillDuel email',
    text: `${lines[0]}\n\n${lines[1]}\n${url}\n\n${lines[2]}\n`,
    html: html(lines, { url, label: 'Confirm email' }),
  };
}

export function passwordResetMail(to: string, username: string, url: string, ttlMinutes: number): MailMessage {
  const lines = [
    `Hi ${username},`,
    'Someone asked to reset the password of your SkillDuel account.',
    `This link works once and expires in ${ttlMinutes} minutes. If it was not you, ignore this email: your password stays as it is.`,
  ];
  return {
    to,
    subject: 'Reset your SkillDuel password',
    text: `${lines[0]}\n\n${lines[1]}\n${url}\n\n${lines[2]}\n`,
    html: html(lines, { url, label: 'Reset password' }),
  };
}

export function passwordChangedMail(to: string, username: string): MailMessage {
  const lines = [
    `Hi ${username},`,
    'The password of your SkillDuel account was just changed and your other sessions were signed out.',
    'If this was not you, reset your password now with "Forgot password".',
  ];
  return { to, subject: 'Your SkillDuel password was changed', text: `${lines.join('\n\n')}\n`, html: html(lines) };
}

/** To the new address: the change happens only when this link is used. */
export function emailChangeConfirmMail(to: string, username: string, url: string, ttlHours: number): MailMessage {
  const lines = [
    `Hi ${username},`,
    'Please confirm that this should become the email address of your SkillDuel account.',
    `This link works once and expires in ${ttlHours} hours. Until then your account keeps its current address. If you did not ask for this, ignore this email.`,
  ];
  return {
    to,
    subject: 'Confirm your new SkillDuel email',
    text: `${lines[0]}\n\n${lines[1]}\n${url}\n\n${lines[2]}\n`,
    html: html(lines, { url, label: 'Confirm new email' }),
  };
}

/** To the old address when a change is requested: the owner hears of it before it can take effect. */
export function emailChangeRequestedMail(to: string, username: string, newEmail: string): MailMessage {
  const lines = [
    `Hi ${username},`,
    `Someone asked to change the email address of your SkillDuel account to ${newEmail}. It takes effect only when that address confirms it.`,
    'If this was not you, change your password now and sign out your other sessions in Profile → Settings → Security.',
  ];
  return {
    to,
    subject: 'Your SkillDuel email is about to change',
    text: `${lines.join('\n\n')}\n`,
    html: html(lines),
  };
}

/** To the old address once the new one confirmed the change. */
export function emailChangedMail(to: string, username: string, newEmail: string): MailMessage {
  const lines = [
    `Hi ${username},`,
    `The email address of your SkillDuel account is now ${newEmail}. Links mailed to this address no longer work.`,
    'If this was not you, contact support at once.',
  ];
  return { to, subject: 'Your SkillDuel email was changed', text: `${lines.join('\n\n')}\n`, html: html(lines) };
}
