// A saved hotel as storage keeps it, read back through this schema (saved-hotels.ts asks
// for it with the first read of the list).
import * as z from 'zod/mini';

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
