// A saved hotel as storage keeps it, and the saved list read back through it (saved-hotels.ts
// asks for it once the page has hydrated).
import * as z from 'zod/mini';
import { storedListReader } from '../lib/stored-list.ts';

export const SavedHotelSchema = z.object({
  hotelId: z.string().check(z.minLength(1)),
  name: z.string(),
  /** Where it is, as the card said it ("Rua Augusta 10, Lisbon"). */
  place: z.string(),
  stars: z.nullable(z.number()),
  imageUrl: z.nullable(z.string()),
  /** The stay it was saved for, as a search URL query (no filters, default sort). */
  query: z.string(),
  savedAt: z.number(),
});
export type SavedHotel = z.infer<typeof SavedHotelSchema>;

export const readSavedHotels = storedListReader('hotels', SavedHotelSchema);
