import { describe, expect, it } from 'vitest';
import { BookingSchema, successEnvelopeSchema } from '../../../src/contract/index.ts';
import { SANDBOX_DEMO_KEY } from '../app.ts';
import { OTHER_KEY, type ErrorAnswer } from '../test-support/harness.ts';
import { REPLAYED_HEADER } from './book.ts';
import { REFERENCE_ALPHABET } from './reference.ts';
import { createFlow, HOLDER } from '../test-support/booking-flow.ts';

const KEY = 'attempt-0001';
// Generates the inventory while the file loads, outside any test's time limit.
createFlow();

/** A sleep the test opens: the supplier's confirmation waits until `open()`. */
/** The stored answer again, marked as a replay: its status and its very bytes. */
async function expectReplayOf(replay: Response, status: number, text: string) {
  expect(replay.status).toBe(status);
  expect(replay.headers.get(REPLAYED_HEADER)).toBe('true');
  expect(await replay.text()).toBe(text);
}

/** A refusal worked out for this request, not a stored answer replayed. */
function expectRefusedAnew(answer: ErrorAnswer, status: number, code: string) {
  expect(answer.status).toBe(status);
  expect(answer.envelope.error.code).toBe(code);
  expect(answer.headers.get(REPLAYED_HEADER)).toBeNull();
}

function gate() {
  let calls = 0;
  let release: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    sleep: () => {
      calls++;
      return opened;
    },
    open: () => release(),
    get calls() {
      return calls;
    },
  };
}

/** A held prebook whose supplier confirmation waits until the gate opens; its book body. */
async function heldBehindGate() {
  const supplier = gate();
  const f = createFlow({ prebookSurprises: false, sleep: supplier.sleep });
  const { prebook } = await f.heldPrebook();
  return { supplier, f, prebook, body: f.bookBody(prebook.prebook_id) };
}

/** Lets every pending request run up to its next wait (body reads take a few turns). */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('POST /hotels/book: the booking', () => {
  it('books a prebook: 201 with an unguessable id, a short reference and the prebook’s terms', async () => {
    const f = createFlow({ prebookSurprises: false });
    const { prebook, hotelId } = await f.heldPrebook([{ adults: 2, child_ages: [7] }], (rates) =>
      rates.find((r) => r.price.is_refundable),
    );
    const guests = [
      { room: 1, first_name: 'Asha', last_name: 'Rao' },
      { room: 1, first_name: 'Dev', last_name: 'Rao' },
    ];
    const booking = await f.booked(
      await f.book(
        {
          ...f.bookBody(prebook.prebook_id, guests),
          special_requests: '  Late arrival  ',
          client_reference: 'crm-77',
        },
        KEY,
      ),
    );
    expect(booking.booking_id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(booking.reference).toMatch(new RegExp(`^[${REFERENCE_ALPHABET}]{7}$`));
    expect(booking.reference).not.toMatch(/[01OI]/);
    expect(booking).toMatchObject({
      status: 'CONFIRMED',
      hotel_id: String(hotelId),
      hotel_name: prebook.hotel_name,
      room_name: prebook.room_name,
      board_type: prebook.board_type,
      check_in: prebook.check_in,
      check_out: prebook.check_out,
      rooms: prebook.rooms,
      holder: HOLDER,
      guests,
      price: prebook.price,
      payment_type: prebook.payment_type,
      cancellation_timeline: prebook.cancellation_timeline,
      cancelled_at: null,
      refund_amount: null,
      special_requests: 'Late arrival',
      client_reference: 'crm-77',
      is_refundable: true,
      free_cancellation_until: prebook.free_cancellation_until,
    });
    expect(Date.parse(booking.created_at)).toBe(f.clock.now - (f.clock.now % 1000));
  });

  it('requires the Idempotency-Key header (400 IDEMPOTENCY_KEY_REQUIRED naming it)', async () => {
    const f = createFlow({ prebookSurprises: false });
    const { prebook } = await f.heldPrebook();
    for (const key of [null, '', 'short', 'has spaces in it']) {
      const answer = await f.failed(await f.book(f.bookBody(prebook.prebook_id), key));
      expect(answer.status).toBe(400);
      expect(answer.envelope.error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
      expect(answer.envelope.error.details[0]?.field).toBe('Idempotency-Key');
    }
  });

  it('names every invalid holder and guest field, and records nothing for it', async () => {
    const f = createFlow({ prebookSurprises: false });
    const { prebook } = await f.heldPrebook([{ adults: 2 }, { adults: 1 }]);
    const invalid = await f.failed(
      await f.book(
        {
          prebook_id: prebook.prebook_id,
          holder: { first_name: '', last_name: 'R2D2', email: 'asha@', phone: '98765' },
          guests: [{ room: 1, first_name: 'Asha', last_name: 'Rao' }],
        },
        KEY,
      ),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.envelope.error.details.map((d) => d.field).sort()).toEqual([
      'holder.email',
      'holder.first_name',
      'holder.last_name',
      'holder.phone',
    ]);
    // Valid on its own, wrong for this prebook: room 2 has no lead guest, room 3 does not exist,
    // room 1 (two people) names three.
    const rooms = await f.failed(
      await f.book(
        f.bookBody(prebook.prebook_id, [
          { room: 1, first_name: 'Asha', last_name: 'Rao' },
          { room: 1, first_name: 'Dev', last_name: 'Rao' },
          { room: 1, first_name: 'Mira', last_name: 'Rao' },
          { room: 3, first_name: 'Ravi', last_name: 'Rao' },
        ]),
        KEY,
      ),
    );
    expect(rooms.status).toBe(400);
    expect(rooms.envelope.error.details).toEqual([
      { field: 'guests[3].room', message: 'must be a room number from 1 to 2' },
      { field: 'guests', message: 'must name a lead guest for room 2' },
      { field: 'guests', message: 'names 3 guests for room 1, which is for 2' },
    ]);
    // Nothing was recorded: the corrected request may use the same key.
    const fixed = f.bookBody(prebook.prebook_id, [
      { room: 1, first_name: 'Asha', last_name: 'Rao' },
      { room: 2, first_name: 'Ravi', last_name: 'Rao' },
    ]);
    const response = await f.book(fixed, KEY);
    expect(response.status).toBe(201);
    expect(response.headers.get(REPLAYED_HEADER)).toBeNull();
  });
});

describe('POST /hotels/book: idempotency', () => {
  it('replays the first answer for the same key and body, byte for byte, also after a while', async () => {
    const f = createFlow({ prebookSurprises: false });
    const { prebook } = await f.heldPrebook();
    const body = f.bookBody(prebook.prebook_id);
    const first = await f.book(body, KEY);
    const firstText = await first.text();
    expect(first.status).toBe(201);
    f.advance(3 * 24 * 3_600_000); // long after the prebook expired
    // Key order and surrounding spaces do not make another body (the parsed body is compared).
    const reordered = {
      guests: [{ last_name: ' Rao', first_name: 'Asha', room: 1 }],
      holder: { ...HOLDER, email: ' asha@example.com ' },
      prebook_id: prebook.prebook_id,
    };
    for (const again of [body, reordered]) {
      const replay = await f.book(again, KEY, { language: 'fr' });
      await expectReplayOf(replay, 201, firstText);
    }
  });

  it('answers 422 IDEMPOTENCY_KEY_MISMATCH for the same key with another body', async () => {
    const f = createFlow({ prebookSurprises: false });
    const { prebook } = await f.heldPrebook();
    expect((await f.book(f.bookBody(prebook.prebook_id), KEY)).status).toBe(201);
    const other = { ...f.bookBody(prebook.prebook_id), special_requests: 'A quiet room' };
    const answer = await f.failed(await f.book(other, KEY));
    expectRefusedAnew(answer, 422, 'IDEMPOTENCY_KEY_MISMATCH');
  });

  it('scopes keys to the organization', async () => {
    const f = createFlow({ prebookSurprises: false });
    const { prebook } = await f.heldPrebook();
    expect((await f.book(f.bookBody(prebook.prebook_id), KEY)).status).toBe(201);
    // The other organization's key of the same name is its own; it cannot see this prebook.
    const answer = await f.failed(
      await f.book(f.bookBody(prebook.prebook_id), KEY, { 'x-api-key': OTHER_KEY }),
    );
    expectRefusedAnew(answer, 410, 'PREBOOK_EXPIRED');
  });

  it('answers 409 PREBOOK_ALREADY_BOOKED under another key, and keeps answering it', async () => {
    const f = createFlow({ prebookSurprises: false });
    const { prebook } = await f.heldPrebook();
    const body = f.bookBody(prebook.prebook_id);
    expect((await f.book(body, KEY)).status).toBe(201);
    const second = await f.book(body, 'attempt-0002');
    const secondText = await second.text();
    expect(second.status).toBe(409);
    expect(JSON.parse(secondText)).toMatchObject({ error: { code: 'PREBOOK_ALREADY_BOOKED' } });
    // Recorded: the same key and body replay the 409.
    const replay = await f.book(body, 'attempt-0002');
    await expectReplayOf(replay, 409, secondText);
  });

  it('answers 410 PREBOOK_EXPIRED after 10 minutes (and for an unknown prebook)', async () => {
    const f = createFlow({ prebookSurprises: false });
    const { prebook } = await f.heldPrebook();
    f.advance(10 * 60_000);
    for (const [prebookId, key] of [
      [prebook.prebook_id, KEY],
      ['Z'.repeat(32), 'attempt-0002'],
    ] as const) {
      const answer = await f.failed(await f.book(f.bookBody(prebookId), key));
      expect(answer.status).toBe(410);
      expect(answer.envelope.error.code).toBe('PREBOOK_EXPIRED');
      expect(answer.envelope.error.details[0]?.field).toBe('prebook_id');
    }
  });

  it('50 concurrent calls with one key and one body: one booking, 50 identical answers', async () => {
    const { supplier, f, prebook, body } = await heldBehindGate();
    let settled = 0;
    const calls = Array.from({ length: 50 }, () =>
      f.book(body, KEY).then(async (response) => {
        settled++;
        return { response, text: await response.text() };
      }),
    );
    await settle();
    // Everyone is waiting on the one attempt under way: no one answered, no one 409'd.
    expect(supplier.calls).toBe(1);
    expect(settled).toBe(0);
    supplier.open();
    const answers = await Promise.all(calls);
    expect(new Set(answers.map((a) => a.response.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    const replayed = answers.filter((a) => a.response.headers.get(REPLAYED_HEADER) === 'true');
    expect(replayed).toHaveLength(49);
    const count = f.sandbox.context.store.db
      .prepare('SELECT COUNT(*) FROM bookings WHERE prebook_id = ?')
      .pluck()
      .get(prebook.prebook_id);
    expect(count).toBe(1);
  });

  it('50 concurrent calls with 50 keys on one prebook: one booking, 49 × 409', async () => {
    const { supplier, f, body } = await heldBehindGate();
    let settled = 0;
    const calls = Array.from({ length: 50 }, (_, i) =>
      f.book(body, `attempt-${String(i).padStart(4, '0')}`).then((response) => {
        settled++;
        return response;
      }),
    );
    await settle();
    expect(supplier.calls).toBe(1);
    expect(settled).toBe(0);
    supplier.open();
    const responses = await Promise.all(calls);
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(await response.json()).toMatchObject({ error: { code: 'PREBOOK_ALREADY_BOOKED' } });
    }
    const count = f.sandbox.context.store.db.prepare('SELECT COUNT(*) FROM bookings').pluck().get();
    expect(count).toBe(1);
  });

  it('answers 422 at once to a different body under a key whose attempt is under way', async () => {
    const { supplier, f, prebook } = await heldBehindGate();
    const first = f.book(f.bookBody(prebook.prebook_id), KEY);
    await settle();
    const other = await f.failed(
      await f.book({ ...f.bookBody(prebook.prebook_id), client_reference: 'x' }, KEY),
    );
    expect(other.status).toBe(422);
    supplier.open();
    expect((await first).status).toBe(201);
  });
});

describe('GET /bookings and cancellation', () => {
  let attempts = 0;
  async function bookOne(f: ReturnType<typeof createFlow>, refundable: boolean) {
    const { prebook } = await f.heldPrebook([{ adults: 2 }], (rates) =>
      rates.find(
        (r) =>
          r.price.is_refundable === refundable &&
          (!refundable || r.cancellation_timeline.length === 2),
      ),
    );
    attempts++;
    return f.booked(await f.book(f.bookBody(prebook.prebook_id), `booking-${attempts}-key`));
  }

  it('finds a booking by id and by reference (any case), only for its organization', async () => {
    const f = createFlow({ prebookSurprises: false });
    const booking = await bookOne(f, false);
    const parse = async (response: Response) =>
      BookingSchema.parse(successEnvelopeSchema(BookingSchema).parse(await response.json()).data);
    expect(await parse(await f.get(`/bookings/${booking.booking_id}`))).toEqual(booking);
    const byReference = await f.get(`/bookings?reference=${booking.reference.toLowerCase()}`);
    expect(await parse(byReference)).toEqual(booking);

    const other = { 'x-api-key': OTHER_KEY };
    for (const path of [
      `/bookings/${booking.booking_id}`,
      `/bookings?reference=${booking.reference}`,
    ]) {
      const answer = await f.failed(await f.get(path, other));
      expect(answer.status).toBe(404);
      expect(answer.envelope.error.code).toBe('BOOKING_NOT_FOUND');
    }
    const cancel = await f.failed(
      await f.sandbox.app.request(`/bookings/${booking.booking_id}/cancel`, {
        method: 'POST',
        headers: other,
      }),
    );
    expect(cancel.envelope.error.code).toBe('BOOKING_NOT_FOUND');
    expect((await parse(await f.get(`/bookings/${booking.booking_id}`))).status).toBe('CONFIRMED');
  });

  it('names booking_id and reference when they cannot be ids', async () => {
    const f = createFlow();
    const byId = await f.failed(await f.get('/bookings/short'));
    expect(byId.envelope.error.details[0]?.field).toBe('booking_id');
    for (const path of ['/bookings', '/bookings?reference=AB', '/bookings?reference=ABC-123']) {
      const answer = await f.failed(await f.get(path));
      expect(answer.status).toBe(400);
      expect(answer.envelope.error.details[0]?.field).toBe('reference');
    }
  });

  it('refunds what the timeline says at the moment of cancelling, and cancels once', async () => {
    const f = createFlow({ prebookSurprises: false });
    const cancel = async (
      bookingId: string,
      init: { headers?: Record<string, string>; body?: string } = {},
    ) =>
      f.sandbox.app.request(`/bookings/${bookingId}/cancel`, {
        method: 'POST',
        body: init.body,
        headers: { 'x-api-key': SANDBOX_DEMO_KEY, ...init.headers },
      });
    const parse = async (response: Response) =>
      successEnvelopeSchema(BookingSchema).parse(await response.json()).data;

    // Before the deadline: everything back.
    const early = await bookOne(f, true);
    const cancelled = await parse(await cancel(early.booking_id));
    expect(cancelled).toMatchObject({ status: 'CANCELLED', refund_amount: early.price.amount });
    expect(cancelled.cancelled_at).not.toBeNull();
    // Cancelling again returns it as it is.
    f.advance(3_600_000);
    expect(await parse(await cancel(early.booking_id))).toEqual(cancelled);

    // Between the free deadline and the check-in hour: all but the first night.
    const later = await bookOne(f, true);
    const [full, partial] = later.cancellation_timeline;
    f.clock.now = Date.parse(full?.until ?? '') + 1000;
    const midway = await parse(
      await cancel(later.booking_id, {
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect(midway.refund_amount).toBe(partial?.refund_amount);
    expect(midway.refund_amount).toBeLessThan(later.price.amount);

    // A body that is not JSON is refused.
    const wrongType = await cancel(later.booking_id, {
      headers: { 'content-type': 'text/plain' },
      body: 'please',
    });
    expect(wrongType.status).toBe(415);
  });

  it('refunds nothing for a non-refundable booking', async () => {
    const f = createFlow({ prebookSurprises: false });
    const booking = await bookOne(f, false);
    const response = await f.sandbox.app.request(`/bookings/${booking.booking_id}/cancel`, {
      method: 'POST',
      headers: { 'x-api-key': SANDBOX_DEMO_KEY },
    });
    const data = successEnvelopeSchema(BookingSchema).parse(await response.json()).data;
    expect(data).toMatchObject({ status: 'CANCELLED', refund_amount: 0 });
  });
});

describe('POST /hotels/book: idempotency records are kept for a stated time', () => {
  const records = (f: ReturnType<typeof createFlow>, which: 'all' | 'failed' = 'all') =>
    f.sandbox.context.store.db
      .prepare(
        `SELECT COUNT(*) FROM idempotency_records${which === 'failed' ? ' WHERE booking_id IS NULL' : ''}`,
      )
      .pluck()
      .get() as number;

  it('stores nothing for a prebook that never existed', async () => {
    const f = createFlow({ prebookSurprises: false });
    const before = records(f);
    for (let i = 0; i < 10; i++) {
      const answer = await f.failed(
        await f.book(f.bookBody('Z'.repeat(32)), `made-up-${String(i).padStart(4, '0')}`),
      );
      expect(answer.status).toBe(410);
      expect(answer.envelope.error.code).toBe('PREBOOK_EXPIRED');
    }
    expect(records(f)).toBe(before);
  });

  it('forgets a failure a day later, and keeps the record of a booking', async () => {
    const f = createFlow({ prebookSurprises: false });
    const { prebook } = await f.heldPrebook();
    expect((await f.book(f.bookBody(prebook.prebook_id), KEY)).status).toBe(201);
    // Another key on the booked prebook: a recorded failure (409), replayed while kept.
    const again = await f.book(f.bookBody(prebook.prebook_id), 'attempt-0002');
    expect(again.status).toBe(409);
    expect(records(f, 'failed')).toBe(1);
    f.advance(25 * 3_600_000);
    // Any book call prunes what is past its time.
    await f.book(f.bookBody('Z'.repeat(32)), 'attempt-0003');
    expect(records(f, 'failed')).toBe(0);
    expect(records(f)).toBe(1);
    // The booking's record still replays the booking.
    const replay = await f.book(f.bookBody(prebook.prebook_id), KEY);
    expect(replay.status).toBe(201);
    expect(replay.headers.get(REPLAYED_HEADER)).toBe('true');
  });
});
