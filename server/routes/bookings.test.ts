import { describe, expect, it } from 'vitest';
import { bookingData, cancelledBookingData } from '../test-support/fixtures.ts';
import { createTestApp, postJson, readEnvelope } from '../test-support/test-app.ts';
import { normalizePersonName, sameName } from './bookings.ts';

const lookup = (body: unknown) => postJson(body);
const NOT_FOUND_BODY = (requestId: string) => ({
  success: false,
  message: 'No booking matches that reference and last name',
  error: { code: 'BOOKING_NOT_FOUND', details: [], request_id: requestId },
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
});

describe('POST /api/bookings/lookup', () => {
  it('finds the booking with the reference and the holder’s last name, any case or accents', async () => {
    const { app, fake } = createTestApp();
    const response = await app.request(
      '/api/bookings/lookup',
      lookup({ reference: ' abc123 ', last_name: 'muller-RAO' }),
    );
    expect(response.status).toBe(200);
    expect((await readEnvelope(response)).data).toEqual(bookingData);
    const [sent] = fake.requests;
    expect(sent?.endpoint).toBe('findBookings');
    expect(sent?.method).toBe('GET');
    expect(sent?.query).toEqual({ reference: 'ABC123' });
  });

  it('answers a wrong name and an unknown reference with the same 404, after asking upstream both times', async () => {
    const { app, fake } = createTestApp();
    const wrongName = await app.request(
      '/api/bookings/lookup',
      postJson({ reference: 'ABC123', last_name: 'Smith' }, { 'X-Request-Id': 'same' }),
    );
    fake.reply('findBookings', {
      status: 404,
      error: { code: 'BOOKING_NOT_FOUND', message: 'No booking with reference ZZZ999' },
    });
    const unknown = await app.request(
      '/api/bookings/lookup',
      postJson({ reference: 'ZZZ999', last_name: 'Müller-Rao' }, { 'X-Request-Id': 'same' }),
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
      await app.request(
        '/api/bookings/lookup',
        lookup({ reference: 'ABC123', last_name: 'Smith' }),
      );
      durations.wrongName.push(performance.now() - started);
      fake.reply('findBookings', { status: 404, error: { code: 'BOOKING_NOT_FOUND' } });
      started = performance.now();
      await app.request('/api/bookings/lookup', lookup({ reference: 'ZZZ999', last_name: 'Rao' }));
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
      await app.request(
        '/api/bookings/lookup',
        lookup({ reference: 'ABC123', last_name: 'Smith' }),
      );
      return performance.now() - started;
    };
    const unknown = async () => {
      fake.reply('findBookings', {
        delayMs: 5,
        status: 404,
        error: { code: 'BOOKING_NOT_FOUND' },
      });
      const started = performance.now();
      await app.request('/api/bookings/lookup', lookup({ reference: 'ZZZ999', last_name: 'Rao' }));
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
    const wrong = await app.request(
      '/api/bookings/lookup',
      lookup({ reference: 'ABC123', last_name: 'Smith' }),
    );
    expect(wrong.status).toBe(404);
    expect((await readEnvelope(wrong)).error?.code).toBe('BOOKING_NOT_FOUND');
    // The holder, who knows the reference anyway, is told the answer could not be read.
    fake.reply('findBookings', { data: odd });
    const right = await app.request(
      '/api/bookings/lookup',
      lookup({ reference: 'ABC123', last_name: bookingData.holder.last_name }),
    );
    expect(right.status).toBe(502);
  });

  it('passes other upstream failures on (not disguised as not found)', async () => {
    const { app, fake } = createTestApp();
    fake.reply(
      'findBookings',
      { status: 503, error: { code: 'INTERNAL' } },
      { status: 503, error: { code: 'INTERNAL' } },
      { status: 503, error: { code: 'INTERNAL' } },
    );
    const response = await app.request(
      '/api/bookings/lookup',
      lookup({ reference: 'ABC123', last_name: 'Rao' }),
    );
    expect(response.status).toBe(502);
  });

  it('validates before asking upstream', async () => {
    const { app, fake } = createTestApp();
    const response = await app.request(
      '/api/bookings/lookup',
      lookup({ reference: 'ab', last_name: '' }),
    );
    expect(response.status).toBe(400);
    expect((await readEnvelope(response)).error?.details.map((detail) => detail.field)).toEqual([
      'reference',
      'last_name',
    ]);
    expect(fake.requests).toHaveLength(0);
  });

  it('is rate limited per client, tightly', async () => {
    const { app } = createTestApp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await app.request(
        '/api/bookings/lookup',
        lookup({ reference: `ABC12${i}`, last_name: 'Smith' }),
      );
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
    expect((await readEnvelope(response)).data).toEqual(cancelledBookingData);
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
      postJson({ reference: 'ABC123', last_name: 'Rao' }, { 'X-Request-Id': 'c1' }),
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
    ['GET', '/api/bookings?reference=ABC123'],
    ['GET', `/api/bookings/${bookingData.booking_id}`],
    ['POST', `/api/bookings/${bookingData.booking_id}/cancel`],
    ['GET', '/api/bookings/lookup'],
  ])('%s %s → 404', async (method, path) => {
    const { app, fake } = createTestApp();
    const response = await app.request(path, { method });
    expect(response.status).toBe(404);
    expect((await readEnvelope(response)).error?.code).toBe('NOT_FOUND');
    expect(fake.requests).toHaveLength(0);
  });
});
