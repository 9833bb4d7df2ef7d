import type { MailMessage } from './mail.service';

/** The account emails. Plain text first; the HTML part carries the same words and one link. */

function escapeHtml(value: string): string {
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
