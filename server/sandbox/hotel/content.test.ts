import { describe, expect, it } from 'vitest';
import { HotelContentSchema, SUPPORTED_LANGUAGES } from '../../../src/contract/index.ts';
import { SANDBOX_DEMO_KEY } from '../app.ts';
import { PROPERTY_TYPE_NAMES } from '../inventory/catalog.ts';
import { cityOf, facilitiesOf, hasFacility, isMapped, type Hotel } from '../inventory/inventory.ts';
import { createHarness, createTestSandbox } from '../test-support/harness.ts';

const h = createHarness();
const { inventory } = h;

async function content(hotelId: number | string, language = 'en') {
  return h.ok(await h.get(`/hotels/${hotelId}/content`, { language }), HotelContentSchema);
}

function mappedWhere(test: (hotel: Hotel) => boolean): Hotel {
  const hotel = inventory.hotels.find((x) => isMapped(x) && test(x));
  if (!hotel) throw new Error('no such hotel in the inventory');
  return hotel;
}

describe('GET /hotels/{hotel_id}/content', () => {
  it('describes the hotel from the inventory, with the contract additions', async () => {
    const hotel = mappedWhere((x) => x.stars !== null && x.chainId !== null && x.address !== null);
    const city = cityOf(inventory, hotel);
    const data = await content(hotel.id);
    expect(data).toMatchObject({
      hotel_id: String(hotel.id),
      hotel_name: hotel.name,
      stars: hotel.stars,
      property_type: PROPERTY_TYPE_NAMES[hotel.propertyType].en,
      address: hotel.address,
      city: city.name,
      latitude: hotel.lat,
      longitude: hotel.lon,
      check_in_from: hotel.checkInFrom,
      check_out_until: hotel.checkOutUntil,
      city_id: city.id,
      country_code: city.countryCode,
      timezone: city.timeZone,
      distance_from_center_km: hotel.distanceFromCenterKm,
    });
    expect(data.chain).toBeTruthy();
    expect(data.description).toContain(hotel.name);
    // The full facility list (the search shows at most five highlights).
    expect(data.facilities.map((f) => f.facility_id)).toEqual(facilitiesOf(hotel).map((f) => f.id));
    expect(data.facilities.length).toBeGreaterThan(5);
    expect(data.images).toHaveLength(hotel.imageCount);
    data.images.forEach((image, index) => {
      expect(image.url).toBe(
        `http://sandbox.test/images/${h.sandbox.context.images.tag}/hotels/${hotel.id}/${index}.png`,
      );
      expect(image.caption).toBeTruthy();
    });
    expect(data.policies[0]).toBe(
      `Check-in from ${hotel.checkInFrom}; check-out until ${hotel.checkOutUntil}.`,
    );
    const pets = hasFacility(hotel, 41)
      ? 'Pets are allowed on request; charges may apply.'
      : 'Pets are not allowed.';
    expect(data.policies).toContain(pets);
  });

  it('is localized: country, property type, facilities, captions, description and policies', async () => {
    const hotel = mappedWhere((x) => x.stars !== null);
    const english = await content(hotel.id);
    for (const language of SUPPORTED_LANGUAGES.filter((l) => l !== 'en')) {
      const localized = await content(hotel.id, language);
      expect(localized.property_type).toBe(PROPERTY_TYPE_NAMES[hotel.propertyType][language]);
      expect(localized.country).toBe(
        inventory.geography.countries.get(cityOf(inventory, hotel).countryCode)?.names[language],
      );
      expect(localized.facilities.map((f) => f.name)).toEqual(
        facilitiesOf(hotel).map((f) => f.names[language]),
      );
      expect(localized.images[0]?.caption).not.toBe(english.images[0]?.caption);
      expect(localized.description).not.toBe(english.description);
      expect(localized.policies).toHaveLength(english.policies.length);
      expect(localized.policies[1]).not.toBe(english.policies[1]);
      // Not localized: names, ids, coordinates.
      expect(localized.hotel_name).toBe(english.hotel_name);
      expect(localized.facilities.map((f) => f.facility_id)).toEqual(
        english.facilities.map((f) => f.facility_id),
      );
    }
  });

  it('is the same from every sandbox made from the seed', async () => {
    const hotel = mappedWhere((x) => x.areaIndex >= 0);
    const other = createTestSandbox({ publicBaseUrl: 'http://sandbox.test' });
    const again = await other.app.request(`/hotels/${hotel.id}/content`, {
      headers: { 'x-api-key': SANDBOX_DEMO_KEY },
    });
    expect(((await again.json()) as { data: unknown }).data).toEqual(await content(hotel.id));
    other.close();
  });

  it('answers 404 HOTEL_NOT_FOUND for unknown and unmapped hotels, 400 naming hotel_id for others', async () => {
    const unmapped = inventory.hotels.find((x) => !isMapped(x));
    for (const id of ['999999999', String(unmapped?.id)]) {
      const answer = await h.failed(await h.get(`/hotels/${id}/content`));
      expect(answer.status).toBe(404);
      expect(answer.envelope.error.code).toBe('HOTEL_NOT_FOUND');
    }
    for (const id of ['abc', '0', '-4', '1.5']) {
      const answer = await h.failed(await h.get(`/hotels/${id}/content`));
      expect(answer.status).toBe(400);
      expect(answer.envelope.error.details[0]?.field).toBe('hotel_id');
    }
  });
});
