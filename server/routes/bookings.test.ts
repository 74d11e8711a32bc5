import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER, ACCESS_TOKEN_PATTERN } from '../../src/contract/index.ts';
import { bookingData, cancelledBookingData } from '../test-support/fixtures.ts';
import { createTestApp, postJson, readEnvelope } from '../test-support/test-app.ts';
import { createMetrics } from '../metrics.ts';
import { isHolder, normalizeEmail, normalizePersonName } from '../booking-access.ts';
import { WrongAttempts } from './bookings.ts';

/** The holder's e-mail address, as the traveller would type it. */
const EMAIL = bookingData.holder.email;
/** A look-up body: the holder's e-mail address unless the test names another. */
const lookup = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  postJson({ email: EMAIL, ...body }, headers);
/** Asks the app server for a booking, as the manage-booking page does. */
const lookUp = (
  app: ReturnType<typeof createTestApp>['app'],
  body: Record<string, unknown>,
  headers?: Record<string, string>,
) => app.request('/api/bookings/lookup', lookup(body, headers));
const sameName = (given: string, actual: string) =>
  isHolder({ last_name: given, email: EMAIL }, { last_name: actual, email: EMAIL });
const NOT_FOUND_BODY = (requestId: string) => ({
  success: false,
  message: 'No booking matches that reference, last name and e-mail address',
  error: { code: 'BOOKING_NOT_FOUND', details: [], request_id: requestId },
});

/** A booking as /api answers its holder: with the token that opens it again. */
const held = <T extends object>(booking: T) => ({
  ...booking,
  access_token: expect.stringMatching(ACCESS_TOKEN_PATTERN) as unknown,
});

describe('last-name matching', () => {
  it('ignores case, accents, spacing and apostrophe style', () => {
    expect(normalizePersonName('  MÜLLER-Rao ')).toBe('muller-rao');
    expect(sameName('muller-rao', 'Müller-Rao')).toBe(true);
    expect(sameName('O’Brien', "o'brien")).toBe(true);
    expect(sameName('Øster  Gaard', 'oster gaard')).toBe(true);
    expect(sameName('Straße', 'STRASSE')).toBe(true);
    // Case-insensitive as Unicode case folding is: final sigma is sigma (found by the
    // reliability suite: "aςa" booked, "AΣA" typed).
    expect(sameName('ΑΣΑ', 'aςa'.replace(/a/g, 'α'))).toBe(true);
    expect(sameName('ΠΑΠΑΔΟΠΟΥΛΟΣ', 'Παπαδοπουλοσ')).toBe(true);
    expect(sameName('Rao', 'Rai')).toBe(false);
    expect(sameName('Rao', 'Rao Singh')).toBe(false);
  });

  it('takes the e-mail address too, trimmed and case-folded, and both must match', () => {
    const holder = { last_name: 'Rao', email: 'Asha.Rao@Example.com' };
    expect(normalizeEmail('  ASHA.rao@EXAMPLE.COM ')).toBe('asha.rao@example.com');
    expect(isHolder({ last_name: 'rao', email: ' asha.rao@example.COM ' }, holder)).toBe(true);
    expect(isHolder({ last_name: 'Rao', email: 'asha.rao@example.org' }, holder)).toBe(false);
    expect(isHolder({ last_name: 'Rai', email: 'asha.rao@example.com' }, holder)).toBe(false);
  });
});

describe('wrong attempts per reference', () => {
  it('counts each reference’s wrong attempts over the last hour, and forgets the oldest at the bound', () => {
    const attempts = new WrongAttempts();
    const now = 1_000_000;
    expect(attempts.add('ABC123', now)).toBe(1);
    expect(attempts.add('ABC123', now + 1_000)).toBe(2);
    expect(attempts.add('XYZ789', now + 2_000)).toBe(1);
    // An hour after the first, the count starts again.
    expect(attempts.add('ABC123', now + 3_600_000)).toBe(1);
    for (let i = 0; i < 10_001; i++) attempts.add(`R${String(i).padStart(6, '0')}`, now);
    expect(attempts.add('XYZ789', now + 3_000)).toBe(1);
  });
});

describe('POST /api/bookings/lookup', () => {
  it('finds the booking with the reference and the holder’s last name, any case or accents', async () => {
    const { app, fake } = createTestApp();
    const response = await lookUp(app, { reference: ' abc123 ', last_name: 'muller-RAO' });
    expect(response.status).toBe(200);
    expect((await readEnvelope(response)).data).toEqual(held(bookingData));
    const [sent] = fake.requests;
    expect(sent?.endpoint).toBe('findBookings');
    expect(sent?.method).toBe('GET');
    expect(sent?.query).toEqual({ reference: 'ABC123' });
  });

  it('answers a right name with a wrong e-mail address exactly as an unknown reference, and counts it for that reference', async () => {
    const metrics = createMetrics({ processMetrics: false });
    const { app, fake } = createTestApp({ metrics });
    const wrongEmail = await lookUp(
      app,
      { reference: 'ABC123', last_name: 'Müller-Rao', email: 'someone.else@example.com' },
      { 'X-Request-Id': 'same' },
    );
    fake.reply('findBookings', { status: 404, error: { code: 'BOOKING_NOT_FOUND' } });
    const unknown = await lookUp(
      app,
      { reference: 'ZZZ999', last_name: 'Müller-Rao' },
      { 'X-Request-Id': 'same' },
    );
    expect(wrongEmail.status).toBe(404);
    expect(await wrongEmail.text()).toBe(await unknown.text());
    // A second wrong try on the same reference: the operator sees the count climb.
    await lookUp(app, { reference: 'ABC123', last_name: 'Smith' });
    const text = await metrics.registry.metrics();
    expect(text).toContain('staylane_booking_lookups_total{outcome="wrong_details"} 2');
    expect(text).toContain('staylane_booking_lookups_total{outcome="unknown_reference"} 1');
    expect(text).toContain('staylane_booking_lookup_wrong_attempts_per_reference_bucket{le="1"} 1');
    expect(text).toContain('staylane_booking_lookup_wrong_attempts_per_reference_bucket{le="2"} 2');
    // Never the reference itself.
    expect(text).not.toContain('ABC123');
    // And no lock: the holder still finds it.
    const holder = await lookUp(app, { reference: 'ABC123', last_name: 'Müller-Rao' });
    expect(holder.status).toBe(200);
  });

  it('answers a wrong name and an unknown reference with the same 404, after asking upstream both times', async () => {
    const { app, fake } = createTestApp();
    const wrongName = await lookUp(
      app,
      { reference: 'ABC123', last_name: 'Smith' },
      { 'X-Request-Id': 'same' },
    );
    fake.reply('findBookings', {
      status: 404,
      error: { code: 'BOOKING_NOT_FOUND', message: 'No booking with reference ZZZ999' },
    });
    const unknown = await lookUp(
      app,
      { reference: 'ZZZ999', last_name: 'Müller-Rao' },
      { 'X-Request-Id': 'same' },
    );
    expect(wrongName.status).toBe(404);
    expect(unknown.status).toBe(404);
    const a = await wrongName.text();
    const b = await unknown.text();
    expect(a).toBe(b);
    expect(JSON.parse(a)).toEqual(NOT_FOUND_BODY('same'));
    const headerNames = (response: Response) => [...response.headers.keys()].sort();
    expect(headerNames(wrongName)).toEqual(headerNames(unknown));
    expect(fake.callsTo('findBookings')).toHaveLength(2);
  });

  it('takes the same time for a wrong name and an unknown reference', async () => {
    const floor = 40;
    const { app, fake } = createTestApp({
      lookupMinDurationMs: floor,
      rateLimits: { lookup: { points: 100, durationS: 1 } },
    });
    const durations = { wrongName: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 10; i++) {
      let started = performance.now();
      await lookUp(app, { reference: 'ABC123', last_name: 'Smith' });
      durations.wrongName.push(performance.now() - started);
      fake.reply('findBookings', { status: 404, error: { code: 'BOOKING_NOT_FOUND' } });
      started = performance.now();
      await lookUp(app, { reference: 'ZZZ999', last_name: 'Rao' });
      durations.unknown.push(performance.now() - started);
    }
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[values.length >> 1] ?? 0;
    expect(Math.min(...durations.wrongName, ...durations.unknown)).toBeGreaterThanOrEqual(
      floor - 1,
    );
    // Both sit on the floor; paired (back-to-back) differences cancel out machine load,
    // and what is left is timer jitter.
    const differences = durations.wrongName.map((ms, i) => ms - (durations.unknown[i] ?? 0));
    expect(Math.abs(median(differences))).toBeLessThan(5);
    expect(Math.abs(median(durations.wrongName) - median(durations.unknown))).toBeLessThan(10);
  });

  it('learns the upstream’s look-up time: a slow found booking and a quick unknown one still take the same time', async () => {
    // A real upstream answers "no such reference" fast and fetches a found booking slowly:
    // a constant floor below that difference would give references away.
    const { app, fake } = createTestApp({
      lookupMinDurationMs: 40,
      rateLimits: { lookup: { points: 1_000, durationS: 1 } },
    });
    const wrongName = async () => {
      fake.reply('findBookings', { delayMs: 150, data: bookingData });
      const started = performance.now();
      await lookUp(app, { reference: 'ABC123', last_name: 'Smith' });
      return performance.now() - started;
    };
    const unknown = async () => {
      fake.reply('findBookings', {
        delayMs: 5,
        status: 404,
        error: { code: 'BOOKING_NOT_FOUND' },
      });
      const started = performance.now();
      await lookUp(app, { reference: 'ZZZ999', last_name: 'Rao' });
      return performance.now() - started;
    };
    for (let i = 0; i < 10; i++) {
      await wrongName();
      await unknown();
    }
    const durations = { wrongName: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 10; i++) {
      durations.wrongName.push(await wrongName());
      durations.unknown.push(await unknown());
    }
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[values.length >> 1] ?? 0;
    expect(median(durations.unknown)).toBeGreaterThanOrEqual(145);
    expect(Math.abs(median(durations.wrongName) - median(durations.unknown))).toBeLessThan(20);
  }, 30_000);

  it('a booking whose holder our strict schema refuses is not an oracle: wrong name → the same 404', async () => {
    const { app, fake } = createTestApp();
    const odd = { ...bookingData, holder: { ...bookingData.holder, phone: 'n/a' } };
    fake.reply('findBookings', { data: odd });
    const wrong = await lookUp(app, { reference: 'ABC123', last_name: 'Smith' });
    expect(wrong.status).toBe(404);
    expect((await readEnvelope(wrong)).error?.code).toBe('BOOKING_NOT_FOUND');
    // The holder, who knows the reference anyway, is told the answer could not be read.
    fake.reply('findBookings', { data: odd });
    const right = await lookUp(app, {
      reference: 'ABC123',
      last_name: bookingData.holder.last_name,
    });
    expect(right.status).toBe(502);
  });

  it('reads a booking whose names today’s rules would refuse, and shows them as they are (never 502)', async () => {
    const { app, fake } = createTestApp();
    const odd = {
      ...bookingData,
      holder: { ...bookingData.holder, first_name: '\u3164' },
      guests: [{ room: 1, first_name: '\u0301'.repeat(3), last_name: 'Bob\u2067 Smith' }],
    };
    fake.reply('findBookings', { data: odd });
    const found = await lookUp(app, {
      reference: 'ABC123',
      last_name: bookingData.holder.last_name,
    });
    expect(found.status).toBe(200);
    expect((await readEnvelope(found)).data).toEqual(held(odd));
  });

  it('passes other upstream failures on (not disguised as not found)', async () => {
    const { app, fake } = createTestApp();
    fake.reply(
      'findBookings',
      { status: 503, error: { code: 'INTERNAL' } },
      { status: 503, error: { code: 'INTERNAL' } },
      { status: 503, error: { code: 'INTERNAL' } },
    );
    const response = await lookUp(app, { reference: 'ABC123', last_name: 'Rao' });
    expect(response.status).toBe(502);
  });

  it('validates before asking upstream', async () => {
    const { app, fake } = createTestApp();
    const response = await app.request(
      '/api/bookings/lookup',
      postJson({ reference: 'ab', last_name: '', email: 'not-mail' }),
    );
    expect(response.status).toBe(400);
    expect((await readEnvelope(response)).error?.details.map((detail) => detail.field)).toEqual([
      'reference',
      'last_name',
      'email',
    ]);
    const withoutEmail = await app.request(
      '/api/bookings/lookup',
      postJson({ reference: 'ABC123', last_name: 'Rao' }),
    );
    expect((await readEnvelope(withoutEmail)).error?.details).toEqual([
      { field: 'email', message: 'is required' },
    ]);
    expect(fake.requests).toHaveLength(0);
  });

  it('is rate limited per client, tightly', async () => {
    const { app } = createTestApp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await lookUp(app, { reference: `ABC12${i}`, last_name: 'Smith' });
      statuses.push(response.status);
      if (response.status === 429)
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429]);
  });
});

describe('POST /api/bookings/cancel', () => {
  it('cancels after a successful look-up, by the booking id the upstream gave', async () => {
    const { app, fake } = createTestApp();
    const response = await app.request(
      '/api/bookings/cancel',
      lookup({ reference: 'ABC123', last_name: 'Müller-Rao' }),
    );
    expect(response.status).toBe(200);
    expect((await readEnvelope(response)).data).toEqual(held(cancelledBookingData));
    expect(
      fake.requests.map((request) => [request.endpoint, request.method, request.path]),
    ).toEqual([
      ['findBookings', 'GET', '/v1/bookings'],
      ['cancelBooking', 'POST', `/v1/bookings/${bookingData.booking_id}/cancel`],
    ]);
  });

  it('does not cancel with a wrong name: the same 404 as an unknown reference', async () => {
    const { app, fake } = createTestApp();
    const response = await app.request(
      '/api/bookings/cancel',
      lookup({ reference: 'ABC123', last_name: 'Rao' }, { 'X-Request-Id': 'c1' }),
    );
    expect(response.status).toBe(404);
    expect(await readEnvelope(response)).toEqual(NOT_FOUND_BODY('c1'));
    expect(fake.callsTo('cancelBooking')).toHaveLength(0);
  });

  it('never puts an odd booking id from upstream into a path', async () => {
    const { app, fake } = createTestApp();
    fake.reply('findBookings', { data: { ...bookingData, booking_id: '../../hotels/book' } });
    const response = await app.request(
      '/api/bookings/cancel',
      lookup({ reference: 'ABC123', last_name: 'Müller-Rao' }),
    );
    expect(response.status).toBe(502);
    expect(fake.callsTo('cancelBooking')).toHaveLength(0);
  });
});

describe('the raw booking endpoints are not exposed', () => {
  it.each([
    ['GET', '/api/bookings?reference=ABC123', 404, 'NOT_FOUND'],
    // The paths of the holder's own routes, without the holder's token: refused at once.
    ['GET', `/api/bookings/${bookingData.booking_id}`, 400, 'VALIDATION_FAILED'],
    ['POST', `/api/bookings/${bookingData.booking_id}/cancel`, 400, 'VALIDATION_FAILED'],
    ['GET', '/api/bookings/lookup', 400, 'VALIDATION_FAILED'],
  ])('%s %s → %i, no upstream call', async (method, path, status, code) => {
    const { app, fake } = createTestApp();
    const response = await app.request(path, { method });
    expect(response.status).toBe(status);
    const envelope = await readEnvelope(response);
    expect(envelope.error?.code).toBe(code);
    if (status === 400) {
      expect(envelope.error?.details).toContainEqual({
        field: ACCESS_TOKEN_HEADER,
        message: 'is required',
      });
    }
    expect(fake.requests).toHaveLength(0);
  });
});
