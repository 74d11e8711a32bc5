import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../src/contract/index.ts';
import { bookingData, cancelledBookingData, contentData } from '../test-support/fixtures.ts';
import { renderBookingMail, type MailFacts } from './render.ts';

const facts: MailFacts = {
  kind: 'confirmed',
  booking: { ...bookingData, free_cancellation_until: '2026-12-01T12:00:00Z' },
  hotel: { ...contentData, timezone: 'Europe/Paris' },
  language: 'en',
  manageUrl: 'https://book.example.com/trips/ABC123#token=Zv728EsZtkVxD6Ool3b-Vw',
  shopperTimeZone: null,
  now: new Date('2026-11-22T10:00:00Z'),
};

describe('booking e-mails as written', () => {
  it('say the stay, the price, the free-cancellation deadline in the hotel’s time and the shopper’s', () => {
    const mail = renderBookingMail({ ...facts, shopperTimeZone: 'America/New_York' });
    expect(mail.subject).toBe('Booking confirmed: Hotel Lumière Opéra (ABC123)');
    expect(mail.text).toContain('Booking reference: ABC123');
    expect(mail.text).toContain('Hotel: Hotel Lumière Opéra — 1 Rue de la Paix, Paris, France');
    expect(mail.text).toContain('2 nights');
    expect(mail.text).toContain('Charged now: $451.00');
    // 12:00 UTC is 13:00 in Paris and 07:00 in New York.
    expect(mail.text).toContain(
      "Free cancellation until Dec 1, 2026, 1:00 PM (hotel's local time).",
    );
    expect(mail.text).toContain('That is Dec 1, 2026, 7:00 AM where you are.');
    expect(mail.text).toContain(`Manage your booking: ${facts.manageUrl}`);
    expect(mail.ics).toContain('DTSTART;VALUE=DATE:20261210');
  });

  it('escape what comes from the booking in the HTML', () => {
    const mail = renderBookingMail({
      ...facts,
      booking: {
        ...facts.booking,
        holder: { ...facts.booking.holder, first_name: '<img src=x onerror=alert(1)>' },
      },
    });
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('are written in every language of the app, right to left in Arabic, with the refund when cancelled', () => {
    const subjects = new Set<string>();
    for (const language of SUPPORTED_LANGUAGES) {
      const mail = renderBookingMail({
        ...facts,
        kind: 'cancelled',
        booking: cancelledBookingData,
        language,
      });
      subjects.add(mail.subject);
      expect(mail.html).toContain(
        `<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`,
      );
      expect(mail.ics).toBeNull();
      expect(mail.text).toContain('ABC123');
    }
    expect(subjects.size).toBe(SUPPORTED_LANGUAGES.length);
    expect(
      renderBookingMail({ ...facts, kind: 'cancelled', booking: cancelledBookingData }).text,
    ).toContain('Refund: $451.00');
  });
});
