// The app server against the REAL sandbox (search, prices, autocomplete,
// nationalities, filters, images): in-process as in sandbox mode, and standalone
// over a socket with faults, through the production HTTP transport.
import { describe, expect, it } from 'vitest';
import { SANDBOX_SHOPPER_HEADER } from '../src/contract/index.ts';
import { TEST_NOW } from '../src/contract/testing/clock.ts';
import { createApp } from './app.ts';
import { AREA_LABEL_ZOOM } from './sandbox/catalog/labels.ts';
import { POPULAR_CITY_COUNT } from './sandbox/catalog/popular.ts';
import { clockFrom } from './sandbox/config.ts';
import { createSandbox, NO_FAULTS, SANDBOX_DEMO_KEY } from './sandbox/app.ts';
import {
  appOnSandbox,
  createStackSandbox,
  jsonPost,
  NO_RATE_LIMITS,
  sandboxClock,
  sandboxForFile,
  type Envelope,
} from './test-support/embedded-stack.ts';
import { createFakeClock } from './test-support/fake-clock.ts';
import { listen } from './test-support/fake-upstream.ts';
import { memoryLogger } from './test-support/silent-logger.ts';
import { createUpstreamClient } from './upstream/client.ts';
import { DEFAULT_RETRY } from './upstream/retry.ts';
import { createHttpTransport } from './upstream/transport.ts';

const shared = sandboxForFile({ seed: 'integration' });

/** The app in sandbox mode; `fault` adds X-Sandbox-Fault to every upstream request. */
function embedded(options: { fault?: string; fakeClock?: boolean } = {}) {
  const time = createFakeClock(TEST_NOW);
  const { app, lines, upstreamCalls } = appOnSandbox(shared.sandbox, shared.clock, {
    fault: options.fault,
    upstreamClock: options.fakeClock ? time.clock : undefined,
    retry: DEFAULT_RETRY,
  });
  return { app, calls: upstreamCalls, time, lines };
}

async function json<T = Record<string, unknown>>(response: Response): Promise<Envelope<T>> {
  return (await response.json()) as Envelope<T>;
}

interface SearchData {
  search_id: string;
  next_cursor: string | null;
  total_results: number;
  hotels: { hotel_id: string; main_image_url?: string | null }[];
}

async function parisId(app: ReturnType<typeof embedded>['app']): Promise<number> {
  const response = await app.request('/api/destinations/autocomplete?query=paris');
  const body = await json<{ destinations: { type: string; id: number; name: string }[] }>(response);
  const city = body.data.destinations.find((d) => d.type === 'city' && d.name === 'Paris');
  if (!city) throw new Error('no Paris in the sandbox');
  return city.id;
}

const stay = { check_in: '2026-12-10', check_out: '2026-12-12', rooms: [{ adults: 2 }] };

/** A search of city `id` for the file's stay, through the app's /api. */
type App = ReturnType<typeof embedded>['app'];
const searchCity = (
  app: App,
  id: number,
  request: Record<string, unknown>,
  /** The connection it came in on (Hono's env). */
  env?: Parameters<App['request']>[2],
) =>
  app.request(
    '/api/hotels/search',
    jsonPost({ destination: { type: 'city', id }, ...stay, ...request }),
    env,
  );

describe('in-process sandbox (sandbox mode)', () => {
  it('autocomplete → search → page 2 → price polling, all through /api', async () => {
    const { app } = embedded();
    const id = await parisId(app);
    const first = await searchCity(app, id, { limit: 5 });
    expect(first.status).toBe(200);
    const page1 = (await json<SearchData>(first)).data;
    expect(page1.hotels).toHaveLength(5);
    expect(page1.next_cursor).toBeTruthy();

    const second = await searchCity(app, id, { limit: 5, cursor: page1.next_cursor });
    const page2 = (await json<SearchData>(second)).data;
    expect(page2.search_id).toBe(page1.search_id);
    const ids = new Set([...page1.hotels, ...page2.hotels].map((hotel) => hotel.hotel_id));
    expect(ids.size).toBe(10);

    const prices = await app.request(
      `/api/hotels/search/${page1.search_id}/prices?refresh_ids=${page1.hotels[0]?.hotel_id ?? ''}`,
    );
    expect(prices.status).toBe(200);
    expect((await json<{ search_id: string }>(prices)).data.search_id).toBe(page1.search_id);
  });

  it('tells the sandbox which shopper a search is for: an opaque id per client, never the address', async () => {
    const { app, calls } = embedded();
    const id = await parisId(app);
    const from = (address: string) => ({
      incoming: { socket: { remoteAddress: address, remotePort: 5000 } },
    });
    const searchAs = (address: string, limit: number) =>
      searchCity(app, id, { limit }, from(address));
    for (const [address, limit] of [
      ['198.51.100.61', 3],
      ['198.51.100.61', 4],
      ['198.51.100.62', 5],
    ] as const) {
      expect((await searchAs(address, limit)).status).toBe(200);
    }
    const shoppers = calls
      .filter((call) => new URL(call.url).pathname === '/hotels/search')
      .map((call) => call.headers[SANDBOX_SHOPPER_HEADER.toLowerCase()]);
    expect(shoppers).toHaveLength(3);
    expect(shoppers[0]).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(shoppers[1]).toBe(shoppers[0]);
    expect(shoppers[2]).not.toBe(shoppers[0]);
    for (const shopper of shoppers) expect(shopper).not.toContain('198.51.100');
  });

  it('a search with fields answers sparse items', async () => {
    const { app } = embedded();
    const id = await parisId(app);
    const response = await searchCity(app, id, { limit: 3, fields: ['price'] });
    expect(response.status).toBe(200);
    const hotels = (await json<SearchData>(response)).data.hotels;
    expect(Object.keys(hotels[0] ?? {}).sort()).toEqual(['hotel_id', 'price']);
  });

  it('nationalities and filters, localized, with Content-Language', async () => {
    const { app } = embedded();
    const nationalities = await app.request('/api/master-data/nationalities', {
      headers: { language: 'de-AT' },
    });
    expect(nationalities.headers.get('content-language')).toBe('de');
    const list = (
      await json<{ nationalities: { iso_code: string; name: string }[] }>(nationalities)
    ).data.nationalities;
    expect(list.find((n) => n.iso_code === 'DE')?.name).toBe('Deutschland');
    const filters = await app.request('/api/hotels/filters');
    expect(filters.status).toBe(200);
  });

  it('passes the sandbox’s errors on: unknown destination, foreign cursor, unknown search', async () => {
    const { app } = embedded();
    const unknown = await searchCity(app, 999_999_999, {});
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error?.code).toBe('DESTINATION_NOT_FOUND');

    const id = await parisId(app);
    const foreign = await searchCity(app, id, { cursor: 'zzz_123' });
    expect(foreign.status).toBe(400);
    expect((await json(foreign)).error?.code).toBe('INVALID_CURSOR');

    const gone = await app.request('/api/hotels/search/AAAAAAAAAAAAAAAAAAAAAAAA/prices');
    expect(gone.status).toBe(404);
    expect((await json(gone)).error?.code).toBe('SEARCH_NOT_FOUND');
  });

  it('answers bad input itself, without calling the sandbox', async () => {
    const { app, calls } = embedded();
    const response = await app.request(
      '/api/hotels/search',
      jsonPost({
        destination: { type: 'city', id: 1 },
        check_in: '2026-11-01',
        check_out: '2026-11-03',
        rooms: [],
      }),
    );
    expect(response.status).toBe(400);
    expect((await json(response)).error?.details.map((d) => d.field)).toEqual([
      'check_in',
      'rooms',
    ]);
    expect(calls).toHaveLength(0);
  });

  it('takes "today" from the sandbox clock, not the machine’s', async () => {
    const laterClock = sandboxClock('real', Date.parse('2027-03-01T12:00:00Z'));
    const later = createStackSandbox(laterClock, { seed: 'integration' });
    try {
      const { app } = appOnSandbox(later, laterClock);
      const response = await searchCity(app, 2_988_507, {});
      expect(response.status).toBe(400);
      expect((await json(response)).error?.details).toEqual([
        { field: 'check_in', message: 'must be today or a later date' },
      ]);
    } finally {
      later.close();
    }
  });

  it('serves the sandbox’s images at /sandbox/images/*, same origin', async () => {
    const { app } = embedded();
    const id = await parisId(app);
    const search = await searchCity(app, id, { limit: 1 });
    const url = (await json<SearchData>(search)).data.hotels[0]?.main_image_url ?? '';
    expect(url).toMatch(/^\/sandbox\/images\//);
    const image = await app.request(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    // A picture opened on its own gets the strict policy the sandbox gives it, not the app's.
    expect(image.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('names the sandbox’s places on the offline basemap: big cities far out, a city’s areas at street zoom', async () => {
    const { app, calls } = embedded();
    type Labels = { labels: { name: string; kind: string; latitude: number; longitude: number }[] };
    const labelsOf = async (view: Record<string, number>) => {
      const query = new URLSearchParams(
        Object.entries(view).map(([name, value]): [string, string] => [name, String(value)]),
      );
      const answer = await app.request(`/api/map/labels?${query.toString()}`);
      expect(answer.status).toBe(200);
      return (await json<Labels>(answer)).data.labels;
    };
    // Europe from afar: its biggest cities only, Paris among them, no areas.
    const europe = await labelsOf({ south: 35, west: -12, north: 60, east: 30, zoom: 4 });
    expect(europe.map((label) => label.name)).toContain('Paris');
    expect(europe.every((label) => label.kind === 'city')).toBe(true);
    expect(europe.length).toBeLessThanOrEqual(24);
    // Paris at street zoom: the city and some of its areas, all inside the view.
    const view = { south: 48.8, west: 2.25, north: 48.92, east: 2.42, zoom: AREA_LABEL_ZOOM };
    const paris = await labelsOf(view);
    expect(paris.map((label) => label.name)).toContain('Paris');
    expect(paris.some((label) => label.kind === 'area')).toBe(true);
    for (const label of paris) {
      expect(label.latitude).toBeGreaterThanOrEqual(view.south);
      expect(label.longitude).toBeLessThanOrEqual(view.east);
    }
    // Across the antimeridian (Fiji seen from the east), longitudes where the view has them.
    const fiji = await labelsOf({ south: -20, west: 170, north: -15, east: 190, zoom: 6 });
    for (const label of fiji) expect(label.longitude).toBeGreaterThanOrEqual(170);
    // A view named wrong is refused, naming the field.
    const refused = await app.request('/api/map/labels?south=10&west=0&north=5&east=1&zoom=4');
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('south');
    expect(calls).toEqual([]);
  });

  it('offers the sandbox’s biggest cities as popular destinations, each searchable and pictured here', async () => {
    const { app, calls } = embedded();
    const answer = await app.request('/api/destinations/popular', { headers: { language: 'fr' } });
    expect(answer.status).toBe(200);
    const { destinations } = (
      await json<{
        destinations: {
          type: string;
          id: number;
          name: string;
          country: string;
          image_url: string;
        }[];
      }>(answer)
    ).data;
    expect(destinations).toHaveLength(POPULAR_CITY_COUNT);
    // Worked out by the app server from the sandbox it embeds, not asked of the hotel API.
    expect(calls).toEqual([]);

    // Biggest first: each one has at least as many hotels as the next.
    const totals: number[] = [];
    for (const destination of destinations) {
      expect(destination.type).toBe('city');
      const search = await searchCity(app, destination.id, { limit: 1 });
      const data = (await json<SearchData & { search_info: { city: string } }>(search)).data;
      expect(data.search_info.city).toBe(destination.name);
      totals.push(data.total_results);
    }
    expect(totals).toEqual([...totals].sort((a, b) => b - a));

    // Countries in the request's language; pictures served here.
    const london = destinations.find((destination) => destination.name === 'London');
    expect(london?.country).toBe('Royaume-Uni');
    const first = destinations[0]!;
    expect(first.image_url).toMatch(/^\/sandbox\/images\//);
    expect((await app.request(first.image_url)).status).toBe(200);
    const german = await app.request('/api/destinations/popular', { headers: { language: 'de' } });
    const names = (await json<{ destinations: { country: string }[] }>(german)).data.destinations;
    expect(names.map((d) => d.country)).not.toEqual(destinations.map((d) => d.country));
  });

  it('retries the sandbox’s 500s and 429s (X-Sandbox-Fault) and then gives up cleanly', async () => {
    const failing = embedded({ fault: '500', fakeClock: true });
    const broken = await failing.app.request('/api/master-data/nationalities');
    expect(broken.status).toBe(502);
    expect(failing.calls).toHaveLength(3);

    const limited = embedded({ fault: '429', fakeClock: true });
    const busy = await limited.app.request('/api/hotels/filters');
    expect(busy.status).toBe(429);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(limited.calls).toHaveLength(3);
    // The sandbox says Retry-After: 1, longer than the first backoffs.
    expect(limited.time.sleeps).toEqual([1_000, 1_000]);
  });

  it('never retries a read-only request that the sandbox answered properly', async () => {
    const { app, calls } = embedded();
    await searchCity(app, 999_999_999, {});
    expect(calls).toHaveLength(1);
  });
});

describe('standalone sandbox over a socket, with faults', () => {
  async function standalone(faults: typeof NO_FAULTS, timeouts?: { defaultMs: number }) {
    const remote = createSandbox({
      seed: 'integration',
      now: clockFrom(TEST_NOW),
      apiKeys: [SANDBOX_DEMO_KEY],
      dbPath: ':memory:',
      faults,
      publicBaseUrl: '',
    });
    const server = await listen(remote.app);
    const http = createHttpTransport();
    const { logger, lines } = memoryLogger();
    const app = createApp({
      mode: 'upstream',
      logger,
      staticDir: null,
      version: 'test',
      upstream: createUpstreamClient({
        baseUrl: server.url,
        transport: http.transport,
        apiKey: () => SANDBOX_DEMO_KEY,
        logger,
        retry: { baseDelayMs: 5, maxDelayMs: 20 },
        timeouts,
        // Retry-After: 1 from the sandbox would make this test wait seconds; the
        // clock-driven tests above check that it is honoured.
        clock: {
          ...createFakeClock().clock,
          now: Date.now,
          setTimer: (ms, fire) => {
            const timer = setTimeout(fire, ms);
            return () => {
              clearTimeout(timer);
            };
          },
        },
      }),
      today: () => new Date(remote.context.now()),
      rateLimits: NO_RATE_LIMITS,
    });
    const close = async () => {
      http.close();
      await server.close();
      remote.close();
    };
    return { app, lines, close, server };
  }

  it('with 30% of answers failing (500 or 429), retries make nearly every request succeed', async () => {
    const { app, lines, close } = await standalone({ ...NO_FAULTS, rate500: 0.2, rate429: 0.1 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const response = await app.request(
          `/api/destinations/autocomplete?query=${['par', 'lon', 'rom', 'ber'][i % 4] ?? 'par'}`,
        );
        statuses.push(response.status);
      }
      const ok = statuses.filter((status) => status === 200).length;
      expect(statuses.every((status) => [200, 429, 502].includes(status))).toBe(true);
      expect(ok).toBeGreaterThanOrEqual(36);
      const attempts = lines
        .map((line) => JSON.parse(line) as { msg: string; upstream_attempts?: number })
        .filter((entry) => entry.msg === 'request')
        .reduce((sum, entry) => sum + (entry.upstream_attempts ?? 0), 0);
      expect(attempts).toBeGreaterThan(40);
    } finally {
      await close();
    }
  });

  it('a slow sandbox answer past the budget is 504 UPSTREAM_TIMEOUT', async () => {
    const { app, close } = await standalone(
      { ...NO_FAULTS, rateSlow: 1, slowMs: 2_000 },
      { defaultMs: 150 },
    );
    try {
      const started = performance.now();
      const response = await app.request('/api/master-data/nationalities');
      expect(response.status).toBe(504);
      expect(performance.now() - started).toBeLessThan(1_500);
    } finally {
      await close();
    }
  });
});
