import { beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '../contract/index.ts';
import { localToday } from '../lib/format.ts';
import { groupSavedHotels, rollSavedStayForward } from './saved-stays.ts';
import {
  MAX_SAVED_HOTELS,
  SAVED_HOTELS_STORAGE_KEY,
  savedHotelsActions,
  savedStay,
  useSavedHotels,
  type SavedHotelFacts,
} from './saved-hotels.ts';
import { exampleSearch } from '../testing/search-fixtures.ts';
import { NO_FILTERS } from './filters.ts';
import { serializeSearchUrl } from './search-url.ts';
import { parseSearchUrl } from './search-check.ts';

const today = localToday();

const search = exampleSearch;

const facts = (hotelId: string): SavedHotelFacts => ({
  hotelId,
  name: `Hotel ${hotelId}`,
  place: 'Rue de Rivoli, Paris',
  stars: 4,
  imageUrl: null,
});

const saved = () => useSavedHotels.getState().hotels;
const stored = () =>
  JSON.parse(localStorage.getItem(SAVED_HOTELS_STORAGE_KEY) ?? 'null') as unknown;

beforeEach(() => {
  localStorage.clear();
  useSavedHotels.setState({ hotels: [] });
});

describe('saved hotels', () => {
  it('saves a hotel with the stay it was seen for, without the filters and sort', () => {
    const seenIn = search({ sort: 'stars', filters: { ...NO_FILTERS, stars: [4] } });
    expect(savedHotelsActions().hotelSaved(facts('1044'), seenIn)).toBe(true);
    const [entry] = saved();
    const stay = parseSearchUrl(entry!.query);
    expect(stay.ok && stay.input).toMatchObject({
      destination: { type: 'city', id: 2988507 },
      checkIn: seenIn.checkIn,
      checkOut: seenIn.checkOut,
      sort: 'recommended',
      filters: NO_FILTERS,
    });
    // What reaches storage is the list, under its own key and version.
    expect(stored()).toMatchObject({ version: 1, state: { hotels: [{ hotelId: '1044' }] } });
  });

  it('keeps one entry per hotel: saving again takes the newer stay', () => {
    const { hotelSaved } = savedHotelsActions();
    hotelSaved(facts('1044'), search());
    hotelSaved(facts('2001'), search());
    hotelSaved(
      facts('1044'),
      search({ checkIn: addDays(today, 30), checkOut: addDays(today, 31) }),
    );
    expect(saved().map((hotel) => hotel.hotelId)).toEqual(['1044', '2001']);
    expect(saved()[0]?.query).toContain(`checkin=${addDays(today, 30)}`);
  });

  it('saves a neighbour seen in a hotel search as a search for itself', () => {
    const hotelSearch = search({ destination: { type: 'hotel', id: 1044 }, label: 'Hotel 1044' });
    expect(savedStay(hotelSearch, { hotelId: '2001', name: 'Hotel 2001' })).toMatchObject({
      destination: { type: 'hotel', id: 2001 },
      label: 'Hotel 2001',
    });
    expect(savedStay(hotelSearch, { hotelId: '1044', name: 'Hotel 1044' }).destination).toEqual({
      type: 'hotel',
      id: 1044,
    });
  });

  it('refuses a hotel beyond the cap instead of dropping one the shopper chose', () => {
    const { hotelSaved } = savedHotelsActions();
    for (let n = 1; n <= MAX_SAVED_HOTELS; n++)
      expect(hotelSaved(facts(String(n)), search())).toBe(true);
    expect(hotelSaved(facts('999'), search())).toBe(false);
    expect(saved()).toHaveLength(MAX_SAVED_HOTELS);
    expect(saved().some((hotel) => hotel.hotelId === '1')).toBe(true);
    // Saving one already on the list again is not a new one.
    expect(hotelSaved(facts('1'), search())).toBe(true);
  });

  it('removes one, and all', () => {
    const { hotelSaved, hotelRemoved, allRemoved } = savedHotelsActions();
    hotelSaved(facts('1044'), search());
    hotelSaved(facts('2001'), search());
    hotelRemoved('1044');
    expect(saved().map((hotel) => hotel.hotelId)).toEqual(['2001']);
    allRemoved();
    expect(saved()).toEqual([]);
    expect(stored()).toMatchObject({ state: { hotels: [] } });
  });

  it('groups by place, dates, guests and nationality, most recently saved first', () => {
    const { hotelSaved } = savedHotelsActions();
    hotelSaved(facts('1'), search());
    hotelSaved(facts('2'), search({ rooms: [{ adults: 1, child_ages: [] }] }));
    hotelSaved(facts('3'), search({ label: 'Paris' })); // another label, the same stay
    useSavedHotels.setState({
      hotels: saved().map((hotel, index) => ({ ...hotel, savedAt: 1000 - index })),
    });
    const groups = groupSavedHotels(saved(), today);
    expect(groups.map((group) => group.hotels.map((hotel) => hotel.hotelId))).toEqual([
      ['3', '1'],
      ['2'],
    ]);
    expect(groups.every((group) => group.input !== null)).toBe(true);
  });

  it('marks a stay whose dates have passed, and moves it to the next valid dates for the same nights', () => {
    const past = search({ checkIn: addDays(today, -3), checkOut: addDays(today, 1) });
    useSavedHotels.setState({
      hotels: [
        { ...facts('1'), query: serializeSearchUrl(past), savedAt: 2 },
        { ...facts('2'), query: serializeSearchUrl(search()), savedAt: 1 },
      ],
    });
    const [pastGroup, current] = groupSavedHotels(saved(), today);
    expect(pastGroup?.input).toBeNull();
    expect(current?.input).not.toBeNull();
    rollSavedStayForward(pastGroup!.key, today);
    const [moved] = groupSavedHotels(saved(), today);
    expect(moved?.input).toMatchObject({ checkIn: today, checkOut: addDays(today, 4) });
    // The other stay is untouched.
    expect(saved()[1]?.query).toBe(serializeSearchUrl(search()));
  });

  it('starts empty from storage that does not hold a saved list', async () => {
    localStorage.setItem(
      SAVED_HOTELS_STORAGE_KEY,
      JSON.stringify({ state: { hotels: [{ hotelId: 5 }] }, version: 1 }),
    );
    await useSavedHotels.persist.rehydrate();
    expect(saved()).toEqual([]);
    const good = { ...facts('7'), query: serializeSearchUrl(search()), savedAt: 1 };
    localStorage.setItem(
      SAVED_HOTELS_STORAGE_KEY,
      JSON.stringify({ state: { hotels: [good] }, version: 1 }),
    );
    await useSavedHotels.persist.rehydrate();
    expect(saved()).toEqual([good]);
  });
});
