// Property-based input testing of the sandbox on its own (its endpoints at the root,
// behind x-api-key), with the same generators as the /api suite plus what only the
// sandbox has: the raw booking endpoints and the X-Sandbox-Fault header.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_NOW } from '../../src/contract/testing/clock.ts';
import { SANDBOX_DEMO_KEY } from '../sandbox/app.ts';
import {
  checkInToday,
  headerValue,
  knownIds,
  opaqueId,
  reference,
} from '../test-support/contract-arbitraries.ts';
import { createStackSandbox, sandboxClock } from '../test-support/embedded-stack.ts';
import { fieldNamed, inputProperties } from '../test-support/input-properties.ts';

const clock = sandboxClock('manual');
const sandbox = createStackSandbox(clock, { sleep: () => Promise.resolve() });
const request = (path: string, init?: RequestInit) => sandbox.app.request(path, init);
const SEED = 20261123;

// Hundreds of generated requests per property: seconds each on a quiet machine, so each
// property gets more room than a unit test's default on a loaded one.
describe('the sandbox under generated input', { timeout: 30_000 }, () => {
  const { tried } = inputProperties({
    name: 'sandbox',
    request,
    prefix: '',
    baseHeaders: { 'x-api-key': SANDBOX_DEMO_KEY },
    ids: knownIds(sandbox.context.inventory),
    today: checkInToday(TEST_NOW),
    secrets: [SANDBOX_DEMO_KEY],
    scale: 0.5 * Number(process.env.PROPERTY_SCALE ?? 1),
    seed: SEED,
  });
  let extra = 0;

  async function get(path: string, headers: Record<string, string> = {}) {
    extra++;
    const response = await request(path, {
      headers: { 'x-api-key': SANDBOX_DEMO_KEY, ...headers },
    });
    const json = (await response.json()) as {
      error?: { code: string; details: { field: string }[] };
    };
    expect(response.status).toBeLessThan(500);
    return { status: response.status, json };
  }

  it('raw booking look-ups: a well-formed unknown id or reference is 404, a malformed one a 400 naming it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          opaqueId.map((id) => ({ id })),
          reference.map((ref) => ({ ref })),
        ),
        async (input) => {
          const reply =
            'id' in input
              ? await get(`/bookings/${input.id}`)
              : await get(`/bookings?${new URLSearchParams({ reference: input.ref }).toString()}`);
          expect(reply.status).toBe(404);
          expect(reply.json.error?.code).toBe('BOOKING_NOT_FOUND');
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .string({ maxLength: 15 })
            .filter((id) => id !== '' && !/[/?#]|^\.+$/.test(id))
            .map((id) => ({ id, field: 'booking_id' })),
          fc
            .string({ maxLength: 12 })
            .filter((ref) => !/^[A-Z0-9]{6,8}$/i.test(ref.trim()))
            .map((ref) => ({ ref, field: 'reference' })),
        ),
        async (input) => {
          const reply =
            'id' in input
              ? await get(`/bookings/${encodeURIComponent(input.id)}`)
              : await get(`/bookings?${new URLSearchParams({ reference: input.ref }).toString()}`);
          expect(reply.status).toBe(400);
          expect(fieldNamed(reply.json.error?.details ?? [], input.field)).toBe(true);
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('X-Sandbox-Fault: anything but 429, 500 or slow is a 400 naming the header', async () => {
    await fc.assert(
      fc.asyncProperty(
        headerValue.filter((value) => !['429', '500', 'slow'].includes(value.trim().toLowerCase())),
        async (fault) => {
          const reply = await get('/master-data/nationalities', { 'X-Sandbox-Fault': fault });
          expect(reply.status).toBe(400);
          expect(fieldNamed(reply.json.error?.details ?? [], 'X-Sandbox-Fault')).toBe(true);
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });

  afterAll(() => {
    sandbox.close();
    console.log(
      `sandbox property suite: ${tried.total + extra} requests (${tried.valid} valid, ${tried.invalid} invalid, ${extra} booking/fault probes); per endpoint ${JSON.stringify(tried.byEndpoint)}`,
    );
  });
});
