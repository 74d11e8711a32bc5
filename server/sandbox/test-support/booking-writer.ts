// A child process for durability.test.ts: books as fast as it can into the SQLite file
// named by argv[2] and reports each attempt on stdout ("TRY <key>" before the call,
// "BOOKED <key> <booking_id>" after its 201), until the test kills it with SIGKILL.
//
//   node --import tsx server/sandbox/test-support/booking-writer.ts <file>
import { SANDBOX_DEMO_KEY } from '../app.ts';
import { createTestSandbox } from './harness.ts';
import { EXAMPLE_GUESTS, EXAMPLE_HOLDER } from '../../../src/contract/examples.ts';

const HEADERS = { 'x-api-key': SANDBOX_DEMO_KEY, 'content-type': 'application/json' };
const PARIS = 2988507;

const sandbox = createTestSandbox({
  dbPath: process.argv[2] ?? ':memory:',
  prebookSurprises: false,
  // No simulated supplier wait: as many commits per second as possible.
  sleep: () => Promise.resolve(),
});

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await sandbox.app.request(path, {
    method: 'POST',
    headers: { ...HEADERS, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { data: never } };
}

async function firstToken(): Promise<string> {
  const { inventory } = sandbox.context;
  const city = inventory.geography.cities.find((c) => c.id === PARIS);
  for (const index of inventory.cityHotels[city?.index ?? -1] ?? []) {
    const answer = await post('/hotels/rooms', {
      hotel_id: inventory.hotels[index]?.id,
      check_in: '2026-12-10',
      check_out: '2026-12-13',
      rooms: [{ adults: 2 }],
    });
    const rooms = (answer.json.data as { rooms: { rates: { booking_token: string }[] }[] }).rooms;
    const token = rooms[0]?.rates[0]?.booking_token;
    if (token) return token;
  }
  throw new Error('no available hotel');
}

const token = await firstToken();
process.stdout.write('READY\n');
for (let i = 0; ; i++) {
  const prebook = await post('/hotels/prebook', { booking_token: token });
  const prebookId = (prebook.json.data as { prebook_id: string }).prebook_id;
  const key = `kill-test-${String(i).padStart(6, '0')}`;
  process.stdout.write(`TRY ${key} ${prebookId}\n`);
  const booked = await post(
    '/hotels/book',
    {
      prebook_id: prebookId,
      holder: EXAMPLE_HOLDER,
      guests: EXAMPLE_GUESTS,
    },
    { 'idempotency-key': key },
  );
  if (booked.status !== 201) throw new Error(`book answered ${booked.status}`);
  process.stdout.write(
    `BOOKED ${key} ${(booked.json.data as { booking_id: string }).booking_id}\n`,
  );
}
