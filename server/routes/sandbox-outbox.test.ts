// The sandbox's outbox: e-mails sent over real SMTP to the mail catcher, then read through
// the app's pages as a demo-giver would, with the headers that keep each one in its place.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../mail/catcher.ts';
import { smtpDelivery } from '../mail/mailer.ts';
import { renderBookingMail } from '../mail/render.ts';
import { bookingData, contentData } from '../test-support/fixtures.ts';
import { createTestApp } from '../test-support/test-app.ts';

let catcher: MailCatcher;

beforeAll(async () => {
  catcher = await startMailCatcher({ keep: 2 });
  const delivery = smtpDelivery(catcher.url);
  const mail = renderBookingMail({
    kind: 'confirmed',
    booking: bookingData,
    hotel: contentData,
    language: 'fr',
    manageUrl: 'http://localhost:4173/trips/ABC123#token=Zv728EsZtkVxD6Ool3b-Vw',
    shopperTimeZone: null,
  });
  const send = (subject: string) =>
    delivery.deliver({
      from: 'Staylane <bookings@staylane.test>',
      to: 'asha.rao@example.com',
      subject,
      text: mail.text,
      html: mail.html,
      headers: { 'Content-Language': 'fr' },
      attachments: [
        { filename: 'staylane-ABC123.ics', content: mail.ics ?? '', contentType: 'text/calendar' },
      ],
    });
  // Three sent, two kept: the oldest is forgotten.
  await send('forgotten');
  await send('<script>alert(1)</script>');
  await send(mail.subject);
  delivery.close();
});

afterAll(async () => {
  await catcher.close();
});

describe('/sandbox/outbox', () => {
  it('lists what was caught, newest first, escaped, with its language and attachments', async () => {
    const { app } = createTestApp({ mode: 'sandbox', mailCatcher: catcher });
    const response = await app.request('/sandbox/outbox');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-src 'self'");
    expect(csp).not.toMatch(/script-src/);
    const html = await response.text();
    expect(html).not.toContain('forgotten');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html.indexOf('Réservation confirmée')).toBeLessThan(html.indexOf('&lt;script&gt;'));
    expect(html).toContain('<dt>Language</dt><dd>fr</dd>');
    expect(html).toContain('<dd>staylane-ABC123.ics</dd>');
    expect(html).toContain('<dd>asha.rao@example.com</dd>');
  });

  it('shows one e-mail: its HTML framed under a policy of its own, its text, its .ics', async () => {
    const { app } = createTestApp({ mode: 'sandbox', mailCatcher: catcher });
    const newest = catcher.messages().at(-1)!;
    const page = await (await app.request(`/sandbox/outbox/${newest.id}`)).text();
    expect(page).toContain(
      `<iframe title="The e-mail as sent" src="/sandbox/outbox/${newest.id}/html" sandbox="allow-popups allow-popups-to-escape-sandbox">`,
    );
    expect(page).toContain('Référence: ABC123');

    const framed = await app.request(`/sandbox/outbox/${newest.id}/html`);
    expect(framed.status).toBe(200);
    // Only this origin may frame it; inline styles work, nothing runs or loads.
    expect(framed.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const policy = framed.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("style-src 'unsafe-inline'");
    expect(policy).toContain('sandbox allow-popups allow-popups-to-escape-sandbox');
    expect(policy).not.toMatch(/script-src/);
    const body = await framed.text();
    expect(body).toContain('<head><base target="_blank">');
    expect(body).not.toMatch(/<script/i);
    expect(body).toContain(
      'href="http://localhost:4173/trips/ABC123#token=Zv728EsZtkVxD6Ool3b-Vw"',
    );

    const ics = await app.request(`/sandbox/outbox/${newest.id}/attachments/0`);
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(ics.headers.get('content-disposition')).toBe(
      'attachment; filename="staylane-ABC123.ics"',
    );
    expect(await ics.text()).toMatch(/^BEGIN:VCALENDAR/);
  });

  it('answers 404 for what it does not hold', async () => {
    const { app } = createTestApp({ mode: 'sandbox', mailCatcher: catcher });
    const newest = catcher.messages().at(-1)!;
    for (const path of [
      '/sandbox/outbox/not-a-message',
      '/sandbox/outbox/not-a-message/html',
      `/sandbox/outbox/${newest.id}/attachments/1`,
      `/sandbox/outbox/${newest.id}/attachments/x`,
    ]) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });

  it('does not exist without a catcher (upstream mode)', async () => {
    const { app } = createTestApp({ mode: 'upstream' });
    expect((await app.request('/sandbox/outbox')).status).toBe(404);
  });
});
