import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookAttempt } from '../book-attempt.ts';
import { readBookingDraft, resetBookingDraft } from '../booking-draft-store.ts';
import { CheckoutPage } from './checkout-page.tsx';
import { emptyGuestDetails, type GuestDetailsValues } from '../guest-details.ts';
import { failure, stubApi, success, type Answer } from '../../../testing/api-stub.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { EXAMPLE_GUESTS, EXAMPLE_HOLDER } from '../../../contract/examples.ts';
import { bookingFixture, choice, prebookFixture } from '../../../testing/booking-fixtures.ts';

const inTenMinutes = () => new Date(Date.now() + 10 * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');

function typed(): GuestDetailsValues {
  const details = emptyGuestDetails(1, 'IN');
  details.holder = {
    first_name: 'Asha',
    last_name: 'Rao',
    email: 'asha@example.com',
    phone_region: 'IN',
    phone_number: '98765 43210',
  };
  details.guests = [{ first_name: 'Asha', last_name: 'Rao' }];
  return details;
}

/** A held rate whose price did not change (no consent step), details already typed. */
function heldAndTyped(attempt: BookAttempt | null = null) {
  resetBookingDraft({
    choice,
    prebook: prebookFixture({
      expires_at: inTenMinutes(),
      price_changed: false,
      cancellation_changed: false,
      previous_price_amount: null,
    }),
    details: typed(),
    attempt,
  });
}

const render = () =>
  renderWithApp(<CheckoutPage onRoomOptionsStale={() => undefined} />, { path: '/checkout' });

/** The page went on to the confirmation. */
const reachedConfirmation = () =>
  waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/booking/confirmation'));

/** A held rate with its details typed, the book answers given, and a click on Book now. */
async function bookNow(answers: Answer[]) {
  heldAndTyped();
  const api = stubApi({ '/hotels/book': answers });
  vi.stubGlobal('fetch', api.fetchStub);
  render();
  await userEvent.click(screen.getByRole('button', { name: 'Book now' }));
  return api;
}

const bookCalls = (api: ReturnType<typeof stubApi>) =>
  api.calls.filter((call) => call.path === '/hotels/book');

/** The book request went out twice, the second with the first's key and bytes. */
function expectSentTwiceTheSame(api: ReturnType<typeof stubApi>) {
  const sent = bookCalls(api);
  expect(sent).toHaveLength(2);
  expect(sent[1]!.headers.get('Idempotency-Key')).toBe(sent[0]!.headers.get('Idempotency-Key'));
  expect(sent[1]!.body).toBe(sent[0]!.body);
}

/** Book now once more reaches the confirmation, sent as a new attempt (a key of its own). */
async function bookAgainAsNewAttempt(api: ReturnType<typeof stubApi>) {
  await userEvent.click(screen.getByRole('button', { name: 'Book now' }));
  await reachedConfirmation();
  const sent = bookCalls(api);
  expect(sent).toHaveLength(2);
  expect(sent[1]!.headers.get('Idempotency-Key')).not.toBe(sent[0]!.headers.get('Idempotency-Key'));
  return sent;
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the checkout page', () => {
  it('books once on a double click, with a key and the exact body of the attempt', async () => {
    heldAndTyped();
    const api = stubApi({ '/hotels/book': [success(bookingFixture(), 201)] });
    vi.stubGlobal('fetch', api.fetchStub);
    render();
    const book = screen.getByRole('button', { name: 'Book now' });
    await userEvent.dblClick(book);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/booking/confirmation?ref=6L2SB45'),
    );
    const sent = bookCalls(api);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.get('Idempotency-Key')).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(JSON.parse(sent[0]!.body!)).toEqual({
      prebook_id: 'i6Ve2wzrkEXVSBEGuYP4pTEkV5d5ez-X',
      holder: EXAMPLE_HOLDER,
      guests: EXAMPLE_GUESTS,
    });
    expect(readBookingDraft().confirmed).toEqual({
      reference: '6L2SB45',
      lastName: 'Rao',
      email: 'asha@example.com',
      timeZone: 'Europe/Lisbon',
    });
  });

  it('after a reload mid-booking, sends the same attempt again, once (strict mode)', async () => {
    const attempt: BookAttempt = {
      key: 'key-from-before-the-reload',
      body: '{"prebook_id":"i6Ve2wzrkEXVSBEGuYP4pTEkV5d5ez-X","holder":{"first_name":"Asha","last_name":"Rao","email":"asha@example.com","phone":"+91 98765 43210"},"guests":[{"room":1,"first_name":"Asha","last_name":"Rao"}]}',
      prebookId: 'i6Ve2wzrkEXVSBEGuYP4pTEkV5d5ez-X',
      status: 'sending',
      send: 1,
      // Sent by the page before the reload: nobody sends it now.
      sentBy: 'the-page-before-the-reload',
      failure: null,
    };
    heldAndTyped(attempt);
    const api = stubApi({ '/hotels/book': [success(bookingFixture(), 201)] });
    vi.stubGlobal('fetch', api.fetchStub);
    render();
    await reachedConfirmation();
    const sent = bookCalls(api);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.get('Idempotency-Key')).toBe(attempt.key);
    expect(sent[0]!.body).toBe(attempt.body);
  });

  it('sends again after no answer (a dropped connection), with the same key and bytes, and books', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const api = await bookNow(['network-error', success(bookingFixture(), 201)]);
    await reachedConfirmation();
    expectSentTwiceTheSame(api);
  });

  it('leaves a 500 (after the server’s own retries of the hotel API) to Try again: the same request, once', async () => {
    const api = await bookNow([failure(500, 'INTERNAL'), success(bookingFixture(), 201)]);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    // No timer sent it again: the server already tried the hotel API three times.
    expect(bookCalls(api)).toHaveLength(1);
    expect(readBookingDraft().attempt?.status).toBe('unknown');
    await userEvent.click(retry);
    await reachedConfirmation();
    expectSentTwiceTheSame(api);
  });

  it('after the retries run out, locks the details and Try again repeats the same request', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const api = await bookNow([
      'network-error',
      'network-error',
      'network-error',
      'network-error',
      success(bookingFixture(), 201),
    ]);
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 8000 });
    expect(screen.getByText('We could not confirm your booking yet')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toBeDisabled();
    expect(readBookingDraft().attempt?.status).toBe('unknown');
    await userEvent.click(retry);
    await reachedConfirmation();
    const sent = bookCalls(api);
    expect(sent).toHaveLength(5);
    expect(new Set(sent.map((call) => call.headers.get('Idempotency-Key'))).size).toBe(1);
    expect(new Set(sent.map((call) => call.body)).size).toBe(1);
  }, 15_000);

  it('puts the server field errors on their fields; a corrected booking is a new attempt', async () => {
    const api = await bookNow([
      failure(400, 'VALIDATION_FAILED', [
        { field: 'holder.email', message: 'must be a valid e-mail address' },
        { field: 'guests[0].last_name', message: 'must be at most 50 characters' },
      ]),
      success(bookingFixture(), 201),
    ]);
    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(
      'We send the confirmation here. Enter an e-mail address such as name@example.com.',
    );
    expect(email).toHaveFocus();
    const guestLast = screen.getByLabelText("Lead guest's last name (room 1)");
    expect(guestLast).toHaveAttribute('aria-invalid', 'true');
    expect(email).toBeEnabled();

    await userEvent.clear(email);
    await userEvent.type(email, 'asha.rao@example.com');
    const sent = await bookAgainAsNewAttempt(api);
    expect(JSON.parse(sent[1]!.body!)).toMatchObject({ holder: { email: 'asha.rao@example.com' } });
  });

  it('asks for consent to a higher price before the details can be typed', async () => {
    resetBookingDraft({ choice, prebook: prebookFixture({ expires_at: inTenMinutes() }) });
    vi.stubGlobal('fetch', stubApi({}).fetchStub);
    render();
    expect(screen.getByRole('heading', { name: 'The price has gone up' })).toBeInTheDocument();
    expect(screen.getByText('$156.84')).toBeInTheDocument();
    expect(screen.getAllByText('$170.96').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Book now' })).not.toBeInTheDocument();
    expect(screen.getByText('The cancellation terms have changed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept the new price of $170.96' }));
    expect(screen.getByRole('heading', { name: 'Who is staying' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Who is staying' })).toHaveFocus(),
    );
    expect(readBookingDraft().priceAccepted).toBe(true);
  });

  it('declining a higher price goes back to the room options, holding nothing, booking nothing', async () => {
    resetBookingDraft({ choice, prebook: prebookFixture({ expires_at: inTenMinutes() }) });
    const api = stubApi({});
    vi.stubGlobal('fetch', api.fetchStub);
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Choose another room' }));
    expect(screen.getByTestId('location')).toHaveTextContent(choice.returnTo);
    expect(readBookingDraft()).toMatchObject({ choice, prebook: null, priceAccepted: false });
    expect(api.calls).toEqual([]);
  });

  it('shows the total, what is paid now and what is left to pay at the hotel', () => {
    heldAndTyped();
    vi.stubGlobal('fetch', stubApi({}).fetchStub);
    render();
    const payment = screen.getByRole('region', { name: 'Payment' });
    const terms = within(payment).getAllByRole('term');
    expect(terms.map((term) => [term.textContent, term.nextElementSibling?.textContent])).toEqual([
      ['Total price', '$170.96'],
      ['Paid now', '$163.12'],
      ['To pay at the hotel', '$7.84'],
    ]);
    // The total for the stay is the one amount in bold: the most prominent price offered.
    expect(terms.map((term) => term.nextElementSibling?.className.includes('font-bold'))).toEqual([
      true,
      false,
      false,
    ]);
    expect(payment).toHaveTextContent('The hotel collects the rest during your stay.');
  });

  it('while the booking is on its way, the button says so and a second click sends nothing', async () => {
    heldAndTyped();
    const api = stubApi({ '/hotels/book': [success(bookingFixture(), 201)] });
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    vi.stubGlobal('fetch', async (input: URL | string, init?: RequestInit) => {
      await held;
      return api.fetchStub(input, init);
    });
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Book now' }));
    const busy = await screen.findByRole('button', { name: 'Booking…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveAccessibleDescription(/^Booking your room\. This takes a few seconds/);
    expect(screen.getByLabelText('E-mail')).toBeDisabled();
    await userEvent.click(busy);
    answer();
    await reachedConfirmation();
    expect(bookCalls(api)).toHaveLength(1);
  });

  it('a refused booking (422) is not retried: it says nothing was booked, and Book now is a new attempt', async () => {
    const api = await bookNow([
      failure(422, 'IDEMPOTENCY_KEY_MISMATCH'),
      success(bookingFixture(), 201),
    ]);
    const alert = (await screen.findByText('The booking was not made')).closest('[role="alert"]');
    expect(alert).toHaveTextContent('Nothing was booked; check your details and book again.');
    expect(bookCalls(api)).toHaveLength(1);
    expect(screen.getByLabelText('E-mail')).toBeEnabled();

    await bookAgainAsNewAttempt(api);
  });

  it('offers fresh room options when the hold runs out, keeping what was typed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      resetBookingDraft({
        choice,
        prebook: prebookFixture({
          expires_at: new Date(Date.now() + 3000).toISOString(),
          price_changed: false,
          cancellation_changed: false,
        }),
        details: typed(),
      });
      const stale = vi.fn();
      vi.stubGlobal('fetch', stubApi({}).fetchStub);
      renderWithApp(<CheckoutPage onRoomOptionsStale={stale} />, { path: '/checkout' });
      expect(screen.getByRole('timer')).toHaveTextContent(/^0:0[23]$/);
      await act(() => vi.advanceTimersByTimeAsync(4000));
      expect(screen.getByText('Your price hold has expired')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Book now' })).not.toBeInTheDocument();
      await act(async () => {
        screen.getAllByRole('button', { name: 'See fresh room options' })[0]!.click();
        await Promise.resolve();
      });
      expect(stale).toHaveBeenCalledWith('8760001');
      expect(screen.getByTestId('location')).toHaveTextContent(choice.returnTo);
      expect(readBookingDraft()).toMatchObject({
        prebook: null,
        restart: { reason: 'HOLD_EXPIRED', hotelId: '8760001' },
        details: typed(),
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
