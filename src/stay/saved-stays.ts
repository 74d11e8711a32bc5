// The saved hotels by stay, for the pages that price them again (the Saved page, the home
// page's shelf): grouped by place, dates, guests and nationality, each stay checked as a
// search, and a stay whose dates have passed moved to the next valid dates.
import { useSavedHotels, type SavedHotel } from './saved-hotels.ts';
import { parseSearchUrl } from './search-check.ts';
import { readSearchDraft, serializeSearchUrl, type SearchInput } from './search-url.ts';
import { searchIdentity } from './stay.ts';
import { searchAgain } from './stay-check.ts';

export interface SavedStayGroup {
  /** The same place, dates, guests and nationality: one search prices the whole group. */
  key: string;
  /** The stay as saved; its dates may have passed. */
  stay: SearchInput;
  /** The stay ready to search, or null when its dates have passed. */
  input: SearchInput | null;
  hotels: SavedHotel[];
}

function stayOf(hotel: SavedHotel): SearchInput | null {
  const draft = readSearchDraft(new URLSearchParams(hotel.query));
  return draft.destination ? { ...draft, destination: draft.destination } : null;
}

/** Saved hotels grouped by stay, most recently saved first. */
export function groupSavedHotels(hotels: readonly SavedHotel[], today: string): SavedStayGroup[] {
  const groups = new Map<string, SavedStayGroup>();
  for (const hotel of [...hotels].sort((a, b) => b.savedAt - a.savedAt)) {
    const stay = stayOf(hotel);
    if (!stay) continue;
    const key = searchIdentity(stay);
    const group = groups.get(key);
    if (group) {
      group.hotels.push(hotel);
      continue;
    }
    const parsed = stay.checkIn < today ? null : parseSearchUrl(hotel.query);
    groups.set(key, { key, stay, input: parsed?.ok ? parsed.input : null, hotels: [hotel] });
  }
  return [...groups.values()];
}

/** Moves every hotel of a stay whose dates have passed to the next valid dates. */
export function rollSavedStayForward(key: string, today: string): void {
  useSavedHotels.setState({
    hotels: useSavedHotels.getState().hotels.map((hotel) => {
      const stay = stayOf(hotel);
      if (!stay || searchIdentity(stay) !== key) return hotel;
      const again = searchAgain(hotel.query, today);
      return again ? { ...hotel, query: serializeSearchUrl(again) } : hotel;
    }),
  });
}
