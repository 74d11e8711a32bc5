// Saved hotels: a shortlist kept in this browser (no account), each hotel with the stay it
// was seen for, so the Saved page can price that stay again. Client state shared by the
// search and hotel features, so it lives here. Persisted with a version: a future shape
// migrates instead of being dropped, and what storage hands back is read through a schema
// (storage is a boundary too).
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { followOtherTabs, laterListPersistence, type LaterList } from '../lib/persisted-list.ts';
import { SEARCH_LIMITS } from '../contract/index.ts';
import { hotelDestination, serializeSearchUrl, type SearchInput } from './search-url.ts';
import { NO_FILTERS } from './filters.ts';
import type { SavedHotel } from './saved-hotel-schema.ts';

export type { SavedHotel };

export const SAVED_HOTELS_STORAGE_KEY = 'staylane.saved';
/**
 * The most a shortlist holds: one search of the API prices at most 100 hotels, and a
 * list longer than that is no longer a shortlist. Saving more is refused, never
 * made room for by dropping one the shopper chose.
 */
export const MAX_SAVED_HOTELS = SEARCH_LIMITS.maxPageSize;

/** What a card or a hotel page knows of the hotel when the heart is pressed. */
export type SavedHotelFacts = Omit<SavedHotel, 'query' | 'savedAt'>;

/**
 * The stay a hotel is saved with: the search it was seen in, without its filters and
 * sort. A hotel seen among the neighbours of another hotel's search is saved as a search
 * for itself, so pricing it again asks for that hotel and not for its neighbour.
 */
export function savedStay(input: SearchInput, hotel: Pick<SavedHotel, 'hotelId' | 'name'>) {
  const stay: SearchInput = {
    ...input,
    sort: 'recommended',
    pricingMode: 'instant',
    filters: NO_FILTERS,
  };
  const own = hotelDestination(hotel.hotelId);
  if (input.destination.type === 'hotel' && own && own.id !== input.destination.id) {
    return { ...stay, destination: own, label: hotel.name };
  }
  return stay;
}

interface SavedHotelsState extends LaterList {
  hotels: SavedHotel[];
  /** False when the list is full and the hotel was not saved. */
  hotelSaved: (facts: SavedHotelFacts, input: SearchInput) => boolean;
  hotelRemoved: (hotelId: string) => void;
  allRemoved: () => void;
}

export const useSavedHotels = create<SavedHotelsState>()(
  persist(
    (set, get) => ({
      hotels: [],
      loaded: false,
      hotelSaved: (facts, input) => {
        const others = get().hotels.filter((hotel) => hotel.hotelId !== facts.hotelId);
        if (others.length >= MAX_SAVED_HOTELS) return false;
        const query = serializeSearchUrl(savedStay(input, facts));
        set({ hotels: [{ ...facts, query, savedAt: Date.now() }, ...others] });
        return true;
      },
      hotelRemoved: (hotelId) =>
        set({ hotels: get().hotels.filter((hotel) => hotel.hotelId !== hotelId) }),
      allRemoved: () => set({ hotels: [] }),
    }),
    laterListPersistence(SAVED_HOTELS_STORAGE_KEY, 'hotels', {
      identity: (hotel) => hotel.hotelId,
      load: async () => (await import('./saved-hotel-schema.ts')).readSavedHotels,
      max: MAX_SAVED_HOTELS,
    }),
  ),
);

// Another tab saved or removed a hotel: this tab's hearts follow.
followOtherTabs(SAVED_HOTELS_STORAGE_KEY, useSavedHotels);

export const useSavedHotelList = () => useSavedHotels((state) => state.hotels);
/** Whether the list storage held has been read: until then, no page calls it empty. */
export const useSavedHotelsLoaded = () => useSavedHotels((state) => state.loaded);
export const useIsHotelSaved = (hotelId: string) =>
  useSavedHotels((state) => state.hotels.some((hotel) => hotel.hotelId === hotelId));
export const savedHotelsActions = () => {
  const { hotelSaved, hotelRemoved, allRemoved } = useSavedHotels.getState();
  return { hotelSaved, hotelRemoved, allRemoved };
};
