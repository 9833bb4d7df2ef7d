import type { DevMailDto } from '@skillduel/contracts';
import { escapeHtml } from './mail-templates';

/** Plain text with its links made clickable (the text is escaped first, the links are the escaped text's own). */
function textWithLinks(mail: DevMailDto): string {
  return escapeHtml(mail.text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

/**
 * The local outbox as a page (/dev/mail): no script (the site's CSP allows none inline), refreshed every 5 s, so a
 * developer keeps it open in a tab and clicks the verification or reset link when it arrives.
 */
export function renderDevMailPage(mails: DevMailDto[]): string {
  const items = mails
    .map(
      (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(mail.to)}</strong> · <time datetime="${mail.sent_at}">${mail.sent_at}</time></p>
  <pre>${textWithLinks(mail)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5">
<title>SkillDuel · local mail outbox</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #111; }
  article { border: 1px solid #ccc; border-radius: 8px; padding: 0 1rem; margin: 1rem 0; }
  h2 { font-size: 1.1rem; } .meta { color: #444; } pre { white-space: pre-wrap; word-break: break-word; }
  a { color: #0645ad; }
</style>
</head>
<body>
<h1>Local mail outbox</h1>
<p>This server has no mail server (SMTP_URL is not set), so account mail is kept here, newest first
(the last 50, until the server restarts). JSON: <a href="/api/dev/mail">/api/dev/mail</a>.</p>
${items || '<p><em>No mail yet. Register or ask for a password reset, and the mail appears here.</em></p>'}
</body>
</html>
`;
}
