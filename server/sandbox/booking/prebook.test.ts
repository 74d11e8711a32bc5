import { describe, expect, it } from 'vitest';
import { PrebookSchema, type Rate } from '../../../src/contract/index.ts';
import { OTHER_KEY } from '../test-support/harness.ts';
import { PRICE_CHANGE_SHARE, RATE_UNAVAILABLE_SHARE } from './prebook.ts';
import { createFlow, PARIS } from '../test-support/booking-flow.ts';

// Generates the inventory while the file loads, outside any test's time limit.
createFlow();
const STAY = { check_in: '2026-12-10', check_out: '2026-12-13', rooms: [{ adults: 2 }] };

describe('POST /hotels/prebook: tokens', () => {
  it('holds the rate for 10 minutes with a fresh prebook_id', async () => {
    const f = createFlow({ prebookSurprises: false });
    const { rate, prebook } = await f.heldPrebook();
    expect(prebook.prebook_id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Date.parse(prebook.expires_at)).toBe(f.clock.now + 10 * 60_000);
    expect(prebook).toMatchObject({
      price: rate.price,
      price_changed: false,
      previous_price_amount: null,
      cancellation_changed: false,
      board_type: rate.board_type,
      payment_type: rate.payment_type,
      is_refundable: rate.price.is_refundable,
      free_cancellation_until: rate.price.free_cancellation_until,
      cancellation_timeline: rate.cancellation_timeline,
      pay_at_hotel_usd_cents: rate.pay_at_hotel_usd_cents,
      check_in: STAY.check_in,
      check_out: STAY.check_out,
      rooms: [{ adults: 2, child_ages: [] }],
    });
    // A token can be prebooked again while it lives (a new hold each time).
    const again = await f.prebook(rate.booking_token);
    expect(again.prebook_id).not.toBe(prebook.prebook_id);
  });

  it('answers 410 BOOKING_TOKEN_EXPIRED once 10 minutes have passed, and for unknown tokens', async () => {
    const f = createFlow({ prebookSurprises: false });
    const [hotel] = await f.availableHotels(PARIS, STAY, 1);
    const rate = hotel?.options.rooms[0]?.rates[0];
    f.advance(10 * 60_000 - 1);
    expect((await f.post('/hotels/prebook', { booking_token: rate?.booking_token })).status).toBe(
      200,
    );
    f.advance(1);
    for (const token of [rate?.booking_token, 'A'.repeat(32)]) {
      const answer = await f.failed(await f.post('/hotels/prebook', { booking_token: token }));
      expect(answer.status).toBe(410);
      expect(answer.envelope.error.code).toBe('BOOKING_TOKEN_EXPIRED');
      expect(answer.envelope.error.details[0]?.field).toBe('booking_token');
    }
  });

  it("does not take another organization's token", async () => {
    const f = createFlow({ prebookSurprises: false });
    const [hotel] = await f.availableHotels(PARIS, STAY, 1);
    const token = hotel?.options.rooms[0]?.rates[0]?.booking_token;
    const answer = await f.failed(
      await f.post('/hotels/prebook', { booking_token: token }, { 'x-api-key': OTHER_KEY }),
    );
    expect(answer.envelope.error.code).toBe('BOOKING_TOKEN_EXPIRED');
    expect((await f.post('/hotels/prebook', { booking_token: token })).status).toBe(200);
  });

  it('names booking_token when it is missing or malformed', async () => {
    const f = createFlow();
    for (const body of [
      {},
      { booking_token: 'short' },
      { booking_token: 'has spaces in it, 16+' },
    ]) {
      const answer = await f.failed(await f.post('/hotels/prebook', body));
      expect(answer.status).toBe(400);
      expect(answer.envelope.error.details.map((d) => d.field)).toEqual(['booking_token']);
    }
  });
});

describe('POST /hotels/prebook: what the supplier answers', () => {
  async function prebookEverything(f: ReturnType<typeof createFlow>) {
    const found = await f.availableHotels(PARIS, STAY, 150);
    const rates: Rate[] = found.flatMap(({ options }) => options.rooms.flatMap((r) => r.rates));
    const answers: { rate: Rate; status: number; json: unknown }[] = [];
    for (const rate of rates) {
      const response = await f.post('/hotels/prebook', { booking_token: rate.booking_token });
      answers.push({ rate, status: response.status, json: await response.json() });
    }
    return answers;
  }

  it('moves the price of about 12 % of prebooks and refuses about 3 %, truthfully', async () => {
    const answers = await prebookEverything(createFlow());
    expect(answers.length).toBeGreaterThan(1000);
    const unavailable = answers.filter((a) => a.status === 409);
    for (const answer of unavailable) {
      expect(answer.json).toMatchObject({ error: { code: 'RATE_UNAVAILABLE' } });
    }
    const held = answers
      .filter((a) => a.status === 200)
      .map((a) => ({
        rate: a.rate,
        prebook: PrebookSchema.parse((a.json as { data: unknown }).data),
      }));
    expect(unavailable.length + held.length).toBe(answers.length);
    const moved = held.filter((x) => x.prebook.price_changed);
    const share = (n: number) => n / answers.length;
    expect(share(unavailable.length)).toBeGreaterThan(RATE_UNAVAILABLE_SHARE / 3);
    expect(share(unavailable.length)).toBeLessThan(RATE_UNAVAILABLE_SHARE * 2);
    expect(share(moved.length)).toBeGreaterThan(PRICE_CHANGE_SHARE * 0.66);
    expect(share(moved.length)).toBeLessThan(PRICE_CHANGE_SHARE * 1.4);
    expect(moved.some((x) => x.prebook.price.amount > x.rate.price.amount)).toBe(true);
    expect(moved.some((x) => x.prebook.price.amount < x.rate.price.amount)).toBe(true);
    for (const { rate, prebook } of held) {
      // price_changed is never true for an equal amount, and says what it was.
      expect(prebook.price_changed).toBe(prebook.price.amount !== rate.price.amount);
      expect(prebook.previous_price_amount).toBe(prebook.price_changed ? rate.price.amount : null);
      // cancellation_changed says whether the deadlines moved.
      const termsMoved =
        prebook.free_cancellation_until !== rate.price.free_cancellation_until ||
        prebook.cancellation_timeline.map((s) => s.until).join() !==
          rate.cancellation_timeline.map((s) => s.until).join();
      expect(prebook.cancellation_changed).toBe(termsMoved);
      const full = prebook.cancellation_timeline.filter(
        (s) => s.refund_amount === prebook.price.amount,
      );
      expect(prebook.free_cancellation_until).toBe(full.at(-1)?.until ?? null);
    }
    expect(held.some((x) => x.prebook.cancellation_changed)).toBe(true);
  });

  it('gives the same answer for the same rate and stay within the half hour (fixed clock)', async () => {
    const first = await prebookEverything(createFlow());
    const second = await prebookEverything(createFlow());
    expect(second.map((a) => a.status)).toEqual(first.map((a) => a.status));
  });

  it('has no surprises with SANDBOX_PREBOOK_SURPRISES=off', async () => {
    const answers = await prebookEverything(createFlow({ prebookSurprises: false }));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    for (const { rate, json } of answers) {
      const prebook = PrebookSchema.parse((json as { data: unknown }).data);
      expect(prebook.price).toEqual(rate.price);
      expect(prebook.price_changed || prebook.cancellation_changed).toBe(false);
    }
  });
});
