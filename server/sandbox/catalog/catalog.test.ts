import { describe, expect, it } from 'vitest';
import {
  AutocompleteResponseDataSchema,
  FiltersResponseDataSchema,
  ISO_COUNTRY_CODES,
  NationalitiesResponseDataSchema,
  type Destination,
} from '../../../src/contract/index.ts';
import { CHAINS, FACILITIES, PROPERTY_TYPE_VALUES } from '../inventory/catalog.ts';
import { createHarness } from '../test-support/harness.ts';

const h = createHarness();

async function autocomplete(query: string, extra = '', headers: Record<string, string> = {}) {
  const path = `/destinations/autocomplete?query=${encodeURIComponent(query)}${extra}`;
  return (await h.ok(await h.get(path, headers), AutocompleteResponseDataSchema)).destinations;
}

const label = (d: Destination) => `${d.type}:${d.name}`;

describe('autocomplete', () => {
  it('ignores case and accents ("sao paulo", "ZURICH", "koln")', async () => {
    const saoPaulo = await autocomplete('sao paulo');
    expect(saoPaulo.find((d) => d.type === 'city')).toMatchObject({
      name: 'São Paulo',
      country_code: 'BR',
    });
    // The state of the same name comes right after its city, not before it.
    expect(saoPaulo.slice(0, 2).map(label)).toEqual(['city:São Paulo', 'place:São Paulo']);
    expect((await autocomplete('tokyo')).slice(0, 2).map(label)).toEqual([
      'city:Tokyo',
      'place:Tokyo',
    ]);
    expect((await autocomplete('ZURICH'))[0]).toMatchObject({ type: 'city', name: 'Zürich' });
    expect((await autocomplete('koln'))[0]?.name).toBe('Köln');
  });

  it('knows aliases ("nyc", "new york", "bombay", "saigon")', async () => {
    expect((await autocomplete('nyc'))[0]).toMatchObject({
      type: 'city',
      name: 'New York City',
      city_id: 5128581,
    });
    expect((await autocomplete('new york'))[0]?.name).toBe('New York City');
    expect((await autocomplete('Bombay'))[0]?.name).toBe('Mumbai');
    expect((await autocomplete('saigon'))[0]?.name).toBe('Ho Chi Minh City');
  });

  it('matches word prefixes of names and of their region or country', async () => {
    const results = await autocomplete('lake');
    expect(results.length).toBeGreaterThan(0);
    for (const d of results) expect(d.name.toLowerCase()).toMatch(/(^|[^a-z])lake/);
    const paris = await autocomplete('paris fr');
    expect(paris[0]).toMatchObject({ type: 'city', name: 'Paris', country_code: 'FR' });
  });

  it('ranks exact names, then prefixes, then word prefixes; equals by hotel_count', async () => {
    const results = await autocomplete('york', '&limit=20');
    const classes = results.map((d) => {
      const name = d.name.toLowerCase();
      return name === 'york' ? 0 : name.startsWith('york') ? 1 : 2;
    });
    expect(classes).toEqual([...classes].sort((a, b) => a - b));
    expect(new Set(classes)).toEqual(new Set([0, 1, 2]));
    expect(label(results[0]!)).toBe('city:York');
    const prefixes = results.filter((_, i) => classes[i] === 1 && results[i]?.type !== 'hotel');
    const counts = prefixes.map((d) => d.hotel_count ?? 0);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const paris = await autocomplete('paris');
    expect(label(paris[0]!)).toBe('city:Paris');
  });

  it('offers places (regions, islands, neighbourhoods) with their type and hotel_count', async () => {
    const goa = (await autocomplete('goa')).find((d) => d.type === 'place');
    expect(goa).toMatchObject({ name: 'Goa', place_type: 'region', country_code: 'IN' });
    expect(goa?.hotel_count).toBeGreaterThan(100);
    const bali = (await autocomplete('bali')).find((d) => d.type === 'place');
    expect(bali).toMatchObject({ place_type: 'island', label: 'Bali, Indonesia' });
    const manhattan = (await autocomplete('manhattan')).find((d) => d.type === 'place');
    expect(manhattan).toMatchObject({
      place_type: 'neighbourhood',
      city: 'New York City',
      label: 'Manhattan, New York City, United States',
    });
    const shinjuku = await autocomplete('shinjuku');
    expect(shinjuku[0]).toMatchObject({ type: 'place', city: 'Tokyo' });
  });

  it('offers at most 3 hotels, with their city', async () => {
    const results = await autocomplete('hotel', '&limit=20');
    const hotels = results.filter((d) => d.type === 'hotel');
    expect(hotels.length).toBeGreaterThan(0);
    expect(hotels.length).toBeLessThanOrEqual(3);
    for (const hotel of hotels) {
      expect(hotel.city_id).toBeGreaterThan(0);
      expect(hotel.label).toContain(hotel.city ?? '');
    }
    const name = h.inventory.hotels.find(
      (x) => x.supplierMask !== 0 && x.name.startsWith('Hôtel du Parc'),
    )!;
    const found = await autocomplete(name.name, '&limit=20');
    expect(found.some((d) => d.type === 'hotel' && d.name === name.name)).toBe(true);
  });

  it('localizes country names and labels', async () => {
    const german = await autocomplete('paris', '', { language: 'de' });
    expect(german[0]).toMatchObject({
      country: 'Frankreich',
      label: 'Paris, Île-de-France, Frankreich',
    });
    const arabic = await autocomplete('tokyo', '', { language: 'ar' });
    expect(arabic[0]?.country).toBe('اليابان');
  });

  it('applies limit (default 8, 1 to 20) and refuses bad queries with 400 naming the field', async () => {
    expect((await autocomplete('sa')).length).toBe(8);
    expect((await autocomplete('sa', '&limit=20')).length).toBe(20);
    expect((await autocomplete('sa', '&limit=1')).length).toBe(1);
    for (const [path, field] of [
      ['/destinations/autocomplete?query=a', 'query'],
      ['/destinations/autocomplete?query=%20%20p%20%20', 'query'],
      [`/destinations/autocomplete?query=${'x'.repeat(65)}`, 'query'],
      ['/destinations/autocomplete', 'query'],
      ['/destinations/autocomplete?query=paris&limit=0', 'limit'],
      ['/destinations/autocomplete?query=paris&limit=21', 'limit'],
      ['/destinations/autocomplete?query=paris&limit=ten', 'limit'],
    ] as const) {
      const answer = await h.failed(await h.get(path));
      expect(answer.status, path).toBe(400);
      expect(answer.envelope.error.details.map((d) => d.field)).toContain(field);
    }
    expect(await autocomplete('!!!')).toEqual([]);
  });
});

describe('nationalities', () => {
  async function nationalities(language?: string) {
    const response = await h.get('/master-data/nationalities', language ? { language } : {});
    return (await h.ok(response, NationalitiesResponseDataSchema)).nationalities;
  }

  it('lists every ISO 3166-1 alpha-2 code once', async () => {
    const list = await nationalities();
    expect(new Set(list.map((n) => n.iso_code))).toEqual(new Set(ISO_COUNTRY_CODES));
    expect(list).toHaveLength(ISO_COUNTRY_CODES.size);
    expect(list.find((n) => n.iso_code === 'IN')?.name).toBe('India');
  });

  it('names them in the requested language, sorted by its collation', async () => {
    for (const language of ['en', 'fr', 'de', 'es', 'ar', 'hi', 'ja']) {
      const list = await nationalities(language);
      const collator = new Intl.Collator(language, { sensitivity: 'base' });
      const names = list.map((n) => n.name);
      expect(names).toEqual([...names].sort((a, b) => collator.compare(a, b)));
    }
    const french = await nationalities('fr');
    expect(french.find((n) => n.iso_code === 'DE')?.name).toBe('Allemagne');
    // Collation, not code points: "Égypte" sorts among the E's, not after "Z".
    const index = (code: string) => french.findIndex((n) => n.iso_code === code);
    expect(index('EG')).toBeLessThan(index('ZW'));
    expect(index('EG')).toBeGreaterThan(index('DK'));
    const japanese = await nationalities('ja');
    expect(japanese.find((n) => n.iso_code === 'JP')?.name).toBe('日本');
  });
});

describe('filters', () => {
  async function filters(query = '', headers: Record<string, string> = {}) {
    return h.ok(await h.get(`/hotels/filters${query}`, headers), FiltersResponseDataSchema);
  }

  it('lists every property type, chain and facility without counts when unscoped', async () => {
    const all = await filters();
    expect(all.property_types.map((p) => p.value).sort()).toEqual([...PROPERTY_TYPE_VALUES].sort());
    expect(all.chains).toHaveLength(CHAINS.length);
    expect(all.facilities).toHaveLength(FACILITIES.length);
    for (const list of [all.property_types, all.chains, all.facilities]) {
      for (const entry of list) expect(entry).not.toHaveProperty('count');
    }
  });

  it('localizes the names', async () => {
    const french = await filters('', { language: 'fr' });
    expect(french.facilities.find((f) => f.facility_id === 1)?.name).toBe('Wi-Fi gratuit');
    expect(french.property_types.find((p) => p.value === 'hostel')?.name).toBe(
      'Auberge de jeunesse',
    );
  });

  it('scopes to a destination with counts equal to what a search with that filter totals', async () => {
    const scoped = await filters('?destination_type=city&destination_id=2988507');
    const search = {
      destination: { type: 'city', id: 2988507 },
      check_in: '2026-12-01',
      check_out: '2026-12-02',
      rooms: [{ adults: 1 }],
      limit: 1,
    };
    for (const entry of scoped.property_types.slice(0, 3)) {
      const data = await h.search({ ...search, property_types: [entry.value] });
      expect(data.total_results).toBe(entry.count);
    }
    for (const entry of scoped.chains.slice(0, 3)) {
      const data = await h.search({ ...search, chain_ids: [entry.chain_id] });
      expect(data.total_results).toBe(entry.count);
    }
    for (const entry of [scoped.facilities[0]!, scoped.facilities[scoped.facilities.length - 1]!]) {
      const data = await h.search({ ...search, facility_ids: [entry.facility_id] });
      expect(data.total_results).toBe(entry.count);
    }
    expect(scoped.facilities.some((f) => f.facility_id === 51)).toBe(false); // no beachfront in Paris
    const counts = scoped.facilities.map((f) => f.count ?? 0);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('scopes to places and hotels too, and answers 404 for unknown ones', async () => {
    const goa = h.inventory.geography.places.find((p) => p.name === 'Goa')!;
    const place = await filters(`?destination_type=place&destination_id=${goa.id}`);
    expect(place.facilities.find((f) => f.facility_id === 51)?.count).toBeGreaterThan(0);
    const hotel = h.inventory.hotels.find((x) => x.supplierMask !== 0)!;
    const one = await filters(`?destination_type=hotel&destination_id=${hotel.id}`);
    expect(one.property_types).toEqual([
      expect.objectContaining({ value: hotel.propertyType, count: 1 }),
    ]);
    const unknown = await h.failed(
      await h.get('/hotels/filters?destination_type=city&destination_id=1'),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.envelope.error.code).toBe('DESTINATION_NOT_FOUND');
  });

  it('refuses half a scope or a bad id with 400 naming the field', async () => {
    for (const [query, field] of [
      ['?destination_type=city', 'destination_id'],
      ['?destination_id=5', 'destination_id'],
      ['?destination_type=country&destination_id=5', 'destination_type'],
      ['?destination_type=city&destination_id=abc', 'destination_id'],
    ] as const) {
      const answer = await h.failed(await h.get(`/hotels/filters${query}`));
      expect(answer.status, query).toBe(400);
      expect(answer.envelope.error.details.map((d) => d.field)).toContain(field);
    }
  });
});
