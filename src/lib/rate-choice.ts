// What the shopper chose on a hotel page, handed to the booking flow. A type of its
// own in lib because two features meet here: the hotel page makes one, the booking
// flow prebooks it (features never import each other).
export interface RateChoice {
  hotelId: string;
  hotelName: string;
  roomName: string;
  boardName: string;
  rateId: string;
  bookingToken: string;
  /** The rate's total when it was shown, to compare with the prebook's. */
  quotedAmount: number;
  currency: string;
  /** The rate's free-cancellation deadline when it was shown, to say what changed. */
  quotedFreeCancellationUntil: string | null;
  /** The hotel's IANA time zone, for deadlines in hotel-local time (null: unknown). */
  timeZone: string | null;
  /** The guests' nationality of the search: a sensible default phone country code. */
  nationality: string;
  /** The hotel page (path and query) that offered the rate: where fresh room options are. */
  returnTo: string;
}
