import { describe, expect, it } from 'vitest';
import { dayNumber } from '../../../src/contract/index.ts';
import { TEST_NOW } from '../../../src/contract/testing/clock.ts';
import { loadInventory } from '../inventory/generate.ts';
import { findCity, isMapped, type Hotel } from '../inventory/inventory.ts';
import {
  demandFactor,
  leadTimeFactor,
  learnedPriceLevel,
  marketFactor,
  MIN_PRICE_HISTORY,
  occupancyFactor,
  priceHistory,
  QUOTE_EPOCH_MS,
  seasonFactor,
  StayPricer,
  weekdayFactor,
  type Stay,
} from './model.ts';
import { localMidnightUtc } from './time.ts';

const inventory = loadInventory('staylane');
const TODAY = '2026-11-22';

function city(id: number) {
  const found = findCity(inventory, id);
  if (!found) throw new Error(`no city ${id}`);
  return found;
}
const PARIS = city(2988507);
const SYDNEY = city(2147714);
const ZERMATT = city(2657928);

function hotelsOf(cityId: number): Hotel[] {
  return (inventory.cityHotels[city(cityId).index] ?? []).map((i) => inventory.hotels[i]!);
}

const stay: Stay = {
  checkIn: '2026-12-10',
  checkOut: '2026-12-13',
  rooms: [{ adults: 2, child_ages: [] }],
  nationality: 'IN',
};

describe('price model: the factors', () => {
  it('follows the season of each hemisphere, with a Christmas peak', () => {
    const july = dayNumber('2026-07-15');
    const january = dayNumber('2027-01-15');
    expect(seasonFactor(PARIS, july)).toBeGreaterThan(seasonFactor(PARIS, january));
    expect(seasonFactor(SYDNEY, january)).toBeGreaterThan(seasonFactor(SYDNEY, july));
    expect(seasonFactor(ZERMATT, dayNumber('2027-02-10'))).toBeGreaterThan(
      seasonFactor(ZERMATT, dayNumber('2026-05-10')),
    );
    expect(seasonFactor(PARIS, dayNumber('2026-12-24'))).toBeGreaterThan(
      seasonFactor(PARIS, dayNumber('2026-12-10')),
    );
  });

  it('makes leisure hotels dearer at weekends and business hotels on weeknights', () => {
    const friday = dayNumber('2026-12-11');
    const tuesday = dayNumber('2026-12-08');
    expect(weekdayFactor(true, friday)).toBeGreaterThan(weekdayFactor(true, tuesday));
    expect(weekdayFactor(false, tuesday)).toBeGreaterThan(weekdayFactor(false, friday));
  });

  it('prices by lead time, occupancy and market', () => {
    expect(leadTimeFactor(1)).toBeGreaterThan(leadTimeFactor(30));
    expect(leadTimeFactor(30)).toBeGreaterThan(leadTimeFactor(300));
    const one = occupancyFactor([{ adults: 1, child_ages: [] }]);
    const two = occupancyFactor([{ adults: 2, child_ages: [] }]);
    expect(two).toBeGreaterThan(one);
    expect(occupancyFactor([{ adults: 2, child_ages: [1] }])).toBe(two);
    expect(occupancyFactor([{ adults: 2, child_ages: [7] }])).toBeGreaterThan(two);
    expect(
      occupancyFactor([
        { adults: 2, child_ages: [] },
        { adults: 2, child_ages: [] },
      ]),
    ).toBe(2 * two);
    expect(marketFactor('FR', 'FR')).toBeLessThan(marketFactor('FR', 'IN'));
  });

  it('has events and slumps on some dates of a city, the same on every run', () => {
    const days = Array.from({ length: 365 }, (_, i) => dayNumber('2026-12-01') + i);
    const demand = days.map((d) => demandFactor(inventory, PARIS, d));
    expect(demand.filter((d) => d > 1.3).length).toBeGreaterThan(3);
    expect(demand.filter((d) => d < 0.9).length).toBeGreaterThan(3);
    expect(days.map((d) => demandFactor(inventory, PARIS, d))).toEqual(demand);
  });
});

describe('price model: a stay', () => {
  const pricer = new StayPricer(inventory, stay, TODAY);
  const paris = hotelsOf(2988507);

  it('estimates the total as base × nights (season × weekday × demand) × lead × occupancy × market', () => {
    const hotel = paris[0]!;
    let nights = 0;
    for (let day = dayNumber(stay.checkIn); day < dayNumber(stay.checkOut); day++) {
      nights +=
        seasonFactor(PARIS, day) *
        weekdayFactor(hotel.leisure, day) *
        demandFactor(inventory, PARIS, day);
    }
    const expected =
      hotel.baseNightlyCents *
      nights *
      leadTimeFactor(dayNumber(stay.checkIn) - dayNumber(TODAY)) *
      occupancyFactor(stay.rooms) *
      marketFactor('FR', 'IN');
    expect(pricer.estimate(hotel)).toBe(Math.round(expected));
  });

  it('charges more for more stars, on average', () => {
    const average = (stars: number) => {
      const prices = paris.filter((h) => h.stars === stars).map((h) => pricer.estimate(h));
      return prices.reduce((a, b) => a + b, 0) / prices.length;
    };
    expect(average(2)).toBeLessThan(average(3));
    expect(average(3)).toBeLessThan(average(4));
    expect(average(4)).toBeLessThan(average(5));
  });

  it('gives residents their market rate', () => {
    const french = new StayPricer(inventory, { ...stay, nationality: 'FR' }, TODAY);
    expect(french.estimate(paris[0]!)).toBeLessThan(pricer.estimate(paris[0]!));
  });

  it('quotes live within −10 %…+14 % of the estimate, stable within an epoch, moving between epochs', () => {
    const available = paris.filter((h) => pricer.band(h) === 0);
    let up = 0;
    let down = 0;
    let soldOut = 0;
    for (const hotel of available) {
      const quote = pricer.liveQuote(hotel, TEST_NOW);
      expect(pricer.liveQuote(hotel, TEST_NOW + 60_000)).toEqual(quote);
      if (quote.band !== 0) {
        soldOut++;
        continue;
      }
      const ratio = quote.amount / pricer.estimate(hotel);
      expect(ratio).toBeGreaterThanOrEqual(0.899);
      expect(ratio).toBeLessThanOrEqual(1.141);
      const later = pricer.liveQuote(hotel, TEST_NOW + QUOTE_EPOCH_MS);
      if (later.band === 0 && later.amount > quote.amount) up++;
      if (later.band === 0 && later.amount < quote.amount) down++;
    }
    expect(up).toBeGreaterThan(available.length / 10);
    expect(down).toBeGreaterThan(available.length / 10);
    expect(soldOut).toBeGreaterThan(0);
  });

  it('sells some hotels out for some dates (band 1) and never quotes chronic ones (band 2)', () => {
    const mapped = inventory.hotels.filter(isMapped).slice(0, 20_000);
    const bands = mapped.map((h) => pricer.band(h));
    expect(bands.filter((b) => b === 1).length).toBeGreaterThan(100);
    const chronic = mapped.filter((h) => h.chronicallyUnavailable);
    expect(chronic.length).toBeGreaterThan(0);
    for (const hotel of chronic) expect(pricer.liveQuote(hotel, TEST_NOW).band).toBe(2);
  });

  it('sets free cancellation before check-in, hotel-local, and none once the deadline passed', () => {
    const quotes = paris.map((h) => pricer.liveQuote(h, TEST_NOW)).filter((q) => q.band === 0);
    const refundable = quotes.filter((q) => q.refundable);
    expect(refundable.length).toBeGreaterThan(quotes.length / 4);
    expect(quotes.length - refundable.length).toBeGreaterThan(quotes.length / 10);
    const checkInMidnight = localMidnightUtc(dayNumber(stay.checkIn), 'Europe/Paris');
    for (const quote of refundable) {
      const deadline = Date.parse(quote.freeCancellationUntil ?? '');
      expect(deadline).toBeLessThan(checkInMidnight);
      expect(deadline).toBeGreaterThan(TEST_NOW);
    }
    const tomorrow = new StayPricer(
      inventory,
      { ...stay, checkIn: '2026-11-23', checkOut: '2026-11-24' },
      TODAY,
    );
    const lastMinute = paris
      .map((h) => tomorrow.liveQuote(h, TEST_NOW))
      .filter((q) => q.band === 0);
    for (const quote of lastMinute) {
      if (quote.freeCancellationUntil)
        expect(Date.parse(quote.freeCancellationUntil)).toBeGreaterThan(TEST_NOW);
      else expect(quote.refundable).toBe(false);
    }
  });

  it('learns the typical price from the price history, and claims none without enough history', () => {
    const thin = paris.find((h) => h.historyCount < MIN_PRICE_HISTORY)!;
    expect(pricer.typical(thin)).toBeNull();
    const rich = paris.find((h) => h.historyCount >= 20)!;
    const history = priceHistory(inventory, rich);
    expect(history).toHaveLength(rich.historyCount);
    const sorted = [...history].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    expect(learnedPriceLevel(inventory, rich)).toBe(median);
    let nights = 0;
    for (let day = dayNumber(stay.checkIn); day < dayNumber(stay.checkOut); day++) {
      nights += seasonFactor(PARIS, day) * weekdayFactor(rich.leisure, day);
    }
    const expected =
      rich.baseNightlyCents *
      median *
      nights *
      leadTimeFactor(dayNumber(stay.checkIn) - dayNumber(TODAY)) *
      occupancyFactor(stay.rooms);
    expect(pricer.typical(rich)).toBe(Math.round(expected));
  });
});

describe('hotel-local time', () => {
  it('finds local midnight in UTC, daylight saving time included', () => {
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(iso(localMidnightUtc(dayNumber('2026-12-10'), 'Asia/Tokyo'))).toBe(
      '2026-12-09T15:00:00.000Z',
    );
    expect(iso(localMidnightUtc(dayNumber('2026-12-01'), 'America/New_York'))).toBe(
      '2026-12-01T05:00:00.000Z',
    );
    expect(iso(localMidnightUtc(dayNumber('2026-07-01'), 'America/New_York'))).toBe(
      '2026-07-01T04:00:00.000Z',
    );
    expect(iso(localMidnightUtc(dayNumber('2026-12-10'), 'Asia/Kolkata'))).toBe(
      '2026-12-09T18:30:00.000Z',
    );
  });
});
