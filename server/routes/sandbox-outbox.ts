// GET /sandbox/outbox: the e-mails sandbox mode sent to its own mail catcher, listed
// newest first, and each shown as the shopper would see it: its HTML in a sandboxed frame
// (a policy of its own: inline styles, nothing that runs or loads), its plain-text part,
// and its attachments to download. Pages written here, with no script; mounted in sandbox
// mode only, so none of it exists upstream. Anyone who reaches a sandbox server can read
// its outbox (docs/sandbox.md): it holds demo bookings, never a real shopper's.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { escapeHtml } from '../http/html.ts';
import type { CaughtMail, MailCatcher } from '../mail/catcher.ts';

const STYLESHEET = `
:root { color-scheme: light; font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; }
body { margin: 0; color: #0f172a; background: #f8fafc; line-height: 1.5; }
header { background: #1e3a8a; color: #fff; padding: 12px 16px; }
header a { color: #fff; font-weight: 700; }
main { max-width: 960px; margin: 0 auto; padding: 16px; }
a { color: #1e40af; }
a:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
h1 { font-size: 1.5rem; margin: 8px 0; }
h2 { font-size: 1.125rem; margin: 0 0 4px; }
ol { list-style: none; padding: 0; }
li > article { background: #fff; border: 1px solid #cbd5e1; border-radius: 8px; padding: 12px 16px; margin: 0 0 12px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0; }
dt { color: #475569; }
dd { margin: 0; overflow-wrap: anywhere; }
iframe { width: 100%; height: 75vh; border: 1px solid #cbd5e1; border-radius: 8px; background: #fff; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #fff; border: 1px solid #cbd5e1; border-radius: 8px; padding: 12px; }
`;

const STYLESHEET_PATH = '/sandbox/outbox/outbox.css';

function page(title: string, body: string): string {
  // With no script to wait for, the page answers input from its first byte: it says so as
  // the app's pages do once hydrated (<html data-interactive>), for tests and monitoring.
  return `<!doctype html>
<html lang="en" dir="ltr" data-interactive>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Staylane sandbox</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<header><a href="/">Staylane</a> sandbox</header>
<main>
${body}
</main>
</body>
</html>`;
}

const path = (message: CaughtMail, rest = '') => `/sandbox/outbox/${message.id}${rest}`;

/** The language the mailer wrote the e-mail in (its Content-Language header). */
function languageOf(message: CaughtMail): string {
  const value = message.mail.headers.get('content-language');
  return typeof value === 'string' ? value : '';
}

function facts(message: CaughtMail): string {
  const { mail } = message;
  const rows: [string, string][] = [
    ['From', mail.from?.text ?? ''],
    [
      'To',
      Array.isArray(mail.to) ? mail.to.map((to) => to.text).join(', ') : (mail.to?.text ?? ''),
    ],
    ['Language', languageOf(message)],
    ['Received', message.receivedAt.toISOString().replace('T', ' ').slice(0, 19) + ' UTC'],
    [
      'Attachments',
      mail.attachments.map((file) => file.filename ?? 'unnamed').join(', ') || 'none',
    ],
  ];
  return `<dl>${rows
    .map(([term, value]) => `<dt>${term}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('')}</dl>`;
}

function listPage(messages: readonly CaughtMail[]): string {
  const items = [...messages]
    .reverse()
    .map(
      (message) => `<li><article aria-labelledby="m-${message.id}">
<h2 id="m-${message.id}"><a href="${path(message)}">${escapeHtml(message.mail.subject ?? '(no subject)')}</a></h2>
${facts(message)}
</article></li>`,
    )
    .join('\n');
  return page(
    'Outbox',
    `<h1>Outbox</h1>
<p>The booking e-mails this sandbox server sent, caught here instead of delivered: the newest first, the last 50 until the server stops.</p>
<p><a href="/sandbox/outbox">Check again</a></p>
${messages.length ? `<ol aria-label="E-mails">${items}</ol>` : '<p>No e-mails yet. Book a stay, then check again.</p>'}`,
  );
}

function messagePage(message: CaughtMail): string {
  const subject = message.mail.subject ?? '(no subject)';
  const files = message.mail.attachments
    .map(
      (file, index) =>
        `<li><a href="${path(message, `/attachments/${index}`)}" download>${escapeHtml(file.filename ?? 'unnamed')}</a> (${escapeHtml(file.contentType)}, ${file.size} bytes)</li>`,
    )
    .join('');
  return page(
    subject,
    `<p><a href="/sandbox/outbox">All e-mails</a></p>
<h1>${escapeHtml(subject)}</h1>
${facts(message)}
${files ? `<h2>Attachments</h2><ul>${files}</ul>` : ''}
<h2>As the shopper sees it</h2>
${
  message.mail.html
    ? `<iframe title="The e-mail as sent" src="${path(message, '/html')}" sandbox="allow-popups allow-popups-to-escape-sandbox"></iframe>`
    : '<p>This e-mail has no HTML part.</p>'
}
<details><summary>Plain text part</summary><pre>${escapeHtml(message.mail.text ?? '')}</pre></details>`,
  );
}

function notFound(c: Context<AppEnv>) {
  return c.html(
    page('Not found', '<h1>Not found</h1><p><a href="/sandbox/outbox">All e-mails</a></p>'),
    404,
  );
}

export function sandboxOutboxRoutes(catcher: MailCatcher): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // What it shows changes with every e-mail: never kept by a cache.
  app.use('/outbox', noStore);
  app.use('/outbox/*', noStore);

  app.get('/outbox', (c) => {
    c.set('csp', 'outbox');
    return c.html(listPage(catcher.messages()));
  });
  app.get('/outbox/outbox.css', (c) => {
    c.header('Content-Type', 'text/css; charset=utf-8');
    return c.body(STYLESHEET);
  });
  app.get('/outbox/:id', (c) => {
    c.set('csp', 'outbox');
    const message = catcher.find(c.req.param('id'));
    return message ? c.html(messagePage(message)) : notFound(c);
  });
  app.get('/outbox/:id/html', (c) => {
    c.set('csp', 'mail');
    const html = catcher.find(c.req.param('id'))?.mail.html;
    if (!html) return notFound(c);
    // As a web mail client does, links open in a tab of their own (the frame's sandbox
    // lets that tab leave it), never inside the frame.
    return c.html(html.replace(/<head>/i, '<head><base target="_blank">'));
  });
  app.get('/outbox/:id/attachments/:index', (c) => {
    c.set('csp', 'picture');
    const file = catcher.find(c.req.param('id'))?.mail.attachments[Number(c.req.param('index'))];
    if (!file) return notFound(c);
    c.header('Content-Type', file.contentType);
    c.header(
      'Content-Disposition',
      `attachment; filename="${(file.filename ?? 'attachment').replace(/[^\w.-]/g, '_')}"`,
    );
    return c.body(new Uint8Array(file.content));
  });
  return app;
}

async function noStore(c: Context<AppEnv>, next: () => Promise<void>) {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
}
