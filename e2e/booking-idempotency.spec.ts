// No double booking: a double click, a reload while the book request is in flight and
// a first attempt that fails with a 500 all end in exactly one booking, because every
// send of an attempt carries the same Idempotency-Key and the same bytes.
import { expect, test } from './fixtures.ts';
import {
  ASHA,
  findBookableHotel,
  holdFirstRateAndFill,
  hotelUrl,
  isBookRequest,
  lookUp,
  recordBookRequests,
  shownReference,
} from './booking-support.ts';

// Independent tests (each its own client and stay): spread them over the workers.
test.describe.configure({ mode: 'parallel' });

test('a double click on Book sends one request and makes one booking', async ({
  page,
  request,
}) => {
  const hotelId = await findBookableHotel(request, 30);
  await holdFirstRateAndFill(page, hotelUrl(hotelId, 30));
  const sent = recordBookRequests(page);
  const answered = page.waitForResponse((response) => isBookRequest(response.request()));
  await page.getByRole('button', { name: 'Book now' }).dblclick();
  const response = await answered;
  expect(response.status()).toBe(201);
  expect(response.headers()['idempotent-replayed']).toBeUndefined();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' }),
  ).toBeVisible();
  const reference = await shownReference(page);
  expect(sent).toHaveLength(1);
  const found = await lookUp(request, reference, ASHA.last);
  expect(found.status).toBe(200);
  expect(found.booking).toMatchObject({ reference, status: 'CONFIRMED', hotel_id: hotelId });
});

test('a reload while the book request is in flight ends on the same booking', async ({
  page,
  request,
}) => {
  const hotelId = await findBookableHotel(request, 31);
  await holdFirstRateAndFill(page, hotelUrl(hotelId, 31));
  const sent = recordBookRequests(page);
  // The first book request reaches the server (which books it), but its answer is held
  // back from the page until the page reloads: the shopper never saw the outcome.
  let firstAnswer: (reference: string) => void = () => undefined;
  const firstBooked = new Promise<string>((resolve) => (firstAnswer = resolve));
  let held = 0;
  await page.route('**/api/hotels/book', async (route) => {
    if (held++ > 0) return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as { data: { reference: string } };
    firstAnswer(body.data.reference);
  });
  await page.getByRole('button', { name: 'Book now' }).click();
  const reference = await firstBooked;

  const replay = page.waitForResponse((response) => isBookRequest(response.request()));
  await page.reload();
  const replayed = await replay;
  expect(replayed.status()).toBe(201);
  expect(replayed.headers()['idempotent-replayed']).toBe('true');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' }),
  ).toBeVisible();
  expect(await shownReference(page)).toBe(reference);

  expect(sent).toHaveLength(2);
  expect(sent[1]!.key).toBe(sent[0]!.key);
  expect(sent[1]!.body).toBe(sent[0]!.body);
  const found = await lookUp(request, reference, ASHA.last);
  expect(found.booking).toMatchObject({ reference, status: 'CONFIRMED' });
});

test.describe('a lost request', () => {
  // The browser itself logs the connection the test cuts.
  test.use({ allowedConsoleErrors: [/net::ERR_CONNECTION_RESET/] });

  test('a first book request lost on the way is sent again with the same key and body: one booking', async ({
    page,
    request,
  }) => {
    const hotelId = await findBookableHotel(request, 32);
    await holdFirstRateAndFill(page, hotelUrl(hotelId, 32));
    const sent = recordBookRequests(page);
    // A fault in the network, once: the first request never reaches the server.
    let failed = false;
    await page.route('**/api/hotels/book', async (route) => {
      if (failed) return route.continue();
      failed = true;
      await route.abort('connectionreset');
    });
    const booked = page.waitForResponse(
      (response) => isBookRequest(response.request()) && response.status() === 201,
    );
    await page.getByRole('button', { name: 'Book now' }).click();
    await booked;
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your booking is confirmed' }),
    ).toBeVisible();
    const reference = await shownReference(page);

    expect(sent).toHaveLength(2);
    expect(sent[0]!.key).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[1]!.body).toBe(sent[0]!.body);
    expect(JSON.parse(sent[0]!.body!)).toMatchObject({ holder: { last_name: ASHA.last } });
    const found = await lookUp(request, reference, ASHA.last);
    expect(found.booking).toMatchObject({ reference, status: 'CONFIRMED' });
  });
});
