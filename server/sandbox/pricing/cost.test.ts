import { describe, expect, it } from 'vitest';
import { loadInventory } from '../inventory/generate.ts';
import { findCity, hotelAt, isMapped, type Hotel } from '../inventory/inventory.ts';
import { MedianCache, valuePercent } from '../search/medians.ts';
import { StayPricer, type Stay } from './model.ts';

// Prices that look like published ones (docs/decisions/048-dates-and-currencies.md, "Sandbox
// prices"): what a shopper sees for two adults in one room over three December weeknights.
const inventory = loadInventory('staylane');
const TODAY = '2026-11-27';
const NOW = Date.parse('2026-11-27T10:00:00Z');
const NIGHTS = 3;
const stay: Stay = {
  checkIn: '2026-12-15',
  checkOut: '2026-12-18',
  rooms: [{ adults: 2, child_ages: [] }],
  nationality: 'IN',
};
const pricer = new StayPricer(inventory, stay, TODAY);

const CITIES = {
  Istanbul: 745044,
  Paris: 2988507,
  Bangkok: 1609350,
  'New York': 5128581,
  London: 2643743,
} as const;

/** The cheapest room-night (USD) of each star class, wherever a big city stands. */
const CHEAPEST_BAND: Readonly<Record<number, readonly [number, number]>> = {
  1: [22, 110],
  2: [28, 150],
  3: [40, 220],
  4: [60, 350],
  5: [120, 800],
};

function sellingHotels(cityId: number): Hotel[] {
  const city = findCity(inventory, cityId);
  if (!city) throw new Error(`no city ${cityId}`);
  return (inventory.cityHotels[city.index] ?? [])
    .map((index) => hotelAt(inventory, index))
    .filter((hotel) => isMapped(hotel) && pricer.band(hotel) === 0);
}

const perNight = (cents: number) => cents / 100 / NIGHTS;

describe('sandbox prices: room-nights by star class', () => {
  for (const [name, cityId] of Object.entries(CITIES)) {
    it(`the cheapest room-night of each class in ${name} is in its band, dearer with each star`, () => {
      const hotels = sellingHotels(cityId);
      let previous = 0;
      for (const stars of [1, 2, 3, 4, 5]) {
        const nights = hotels.filter((h) => h.stars === stars).map((h) => pricer.estimate(h));
        expect(nights.length, `${stars}★`).toBeGreaterThan(0);
        const cheapest = perNight(Math.min(...nights));
        const [low, high] = CHEAPEST_BAND[stars]!;
        expect(cheapest, `${name} ${stars}★`).toBeGreaterThanOrEqual(low);
        expect(cheapest, `${name} ${stars}★`).toBeLessThanOrEqual(high);
        expect(cheapest, `${name} ${stars}★ above ${stars - 1}★`).toBeGreaterThan(previous);
        previous = cheapest;
      }
    });
  }

  it('a 5-star room-night in Paris, London and New York costs several hundred dollars', () => {
    for (const cityId of [CITIES.Paris, CITIES.London, CITIES['New York']]) {
      const nights = sellingHotels(cityId)
        .filter((h) => h.stars === 5)
        .map((h) => perNight(pricer.estimate(h)))
        .sort((a, b) => a - b);
      expect(nights[0]).toBeGreaterThanOrEqual(300);
      expect(nights[nights.length >> 1]).toBeGreaterThanOrEqual(450);
      expect(nights[nights.length >> 1]).toBeLessThanOrEqual(1_200);
    }
  });

  it('no room-night anywhere is under $20, hostels in the cheapest countries included', () => {
    let cheapest = Infinity;
    for (const hotel of inventory.hotels) {
      if (!isMapped(hotel) || hotel.chronicallyUnavailable) continue;
      cheapest = Math.min(cheapest, perNight(pricer.liveQuote(hotel, NOW).amount));
    }
    expect(cheapest).toBeGreaterThanOrEqual(20);
    expect(cheapest).toBeLessThan(30);
  }, 30_000);
});

describe('sandbox prices: "below similar hotels"', () => {
  it('claims a value for a minority of hotels, rarely beyond 30–40 % below the median', () => {
    const medians = new MedianCache();
    const values: number[] = [];
    let priced = 0;
    for (const cityId of Object.values(CITIES)) {
      const hotels = sellingHotels(cityId);
      const byStars = medians.medians(inventory, pricer, stay.checkIn, [hotels[0]!.cityIndex]);
      for (const hotel of hotels) {
        // What a results page shows: the estimate first, then the live rate.
        for (const amount of [pricer.estimate(hotel), pricer.liveQuote(hotel, NOW).amount]) {
          priced++;
          const value = valuePercent(byStars, hotel, amount);
          if (value !== undefined) values.push(value);
        }
      }
    }
    values.sort((a, b) => a - b);
    expect(values.length / priced).toBeGreaterThan(0.1);
    expect(values.length / priced).toBeLessThan(0.4);
    expect(values[Math.floor(values.length / 2)]).toBeLessThanOrEqual(20);
    expect(values[Math.floor(values.length * 0.99)]).toBeLessThanOrEqual(40);
    expect(values[values.length - 1]).toBeLessThanOrEqual(50);
  });
});
