import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config.ts';

const TOKEN_SECRET = 'a-secret-of-at-least-32-characters-long';

/** Upstream mode at `url`, with what it requires besides. */
const upstream = (url: string, extra: Record<string, string> = {}) =>
  readConfig({
    HOTEL_API_BASE_URL: url,
    HOTEL_API_KEY: 'k',
    BOOKING_TOKEN_SECRET: TOKEN_SECRET,
    ...extra,
  });

describe('configuration', () => {
  it('defaults to the embedded sandbox on port 8080', () => {
    const config = readConfig({});
    expect(config).toMatchObject({ port: 8080, mode: 'sandbox', upstream: null });
  });

  it('uses the upstream when a base URL and key are given', () => {
    const config = readConfig({
      HOTEL_API_BASE_URL: 'https://api.example.com/v1/',
      HOTEL_API_KEY: 'k',
      BOOKING_TOKEN_SECRET: TOKEN_SECRET,
      PORT: '9000',
    });
    expect(config).toMatchObject({
      port: 9000,
      mode: 'upstream',
      upstream: { baseUrl: 'https://api.example.com/v1', apiKey: 'k' },
    });
  });

  it('refuses to start with a base URL but no key, naming the variable', () => {
    expect(() => readConfig({ HOTEL_API_BASE_URL: 'https://api.example.com' })).toThrow(
      ConfigError,
    );
    try {
      readConfig({ HOTEL_API_BASE_URL: 'https://api.example.com' });
    } catch (error) {
      expect((error as ConfigError).problems.join('\n')).toMatch(/^HOTEL_API_KEY: is required/);
    }
  });

  it('needs a booking-token secret upstream, the same on every instance; a list while rotating', () => {
    const upstream = { HOTEL_API_BASE_URL: 'https://api.example.com', HOTEL_API_KEY: 'k' };
    expect(() => readConfig(upstream)).toThrow(/BOOKING_TOKEN_SECRET: is required/);
    expect(() => readConfig({ ...upstream, BOOKING_TOKEN_SECRET: 'short' })).toThrow(
      /BOOKING_TOKEN_SECRET: must be one secret of at least 32 characters/,
    );
    const older = 'the-older-secret-still-accepted-for-a-while';
    expect(
      readConfig({ ...upstream, BOOKING_TOKEN_SECRET: `${TOKEN_SECRET}, ${older}` })
        .bookingTokenSecrets,
    ).toEqual([TOKEN_SECRET, older]);
    // The sandbox keeps its own next to its database unless one is given.
    expect(readConfig({}).bookingTokenSecrets).toBeNull();
  });

  it('reads the e-mail settings: SMTP_URL, the sender, the public address and the retry schedule', () => {
    // Sandbox mode sends to its own catcher unless told otherwise.
    expect(readConfig({}).mail).toEqual({
      smtpUrl: null,
      from: 'Staylane <bookings@staylane.test>',
      publicUrl: null,
      retryScheduleMs: undefined,
    });
    expect(readConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail).toMatchObject({
      smtpUrl: 'smtp://127.0.0.1:2525',
    });
    const upstream = {
      HOTEL_API_BASE_URL: 'https://api.example.com',
      HOTEL_API_KEY: 'k',
      BOOKING_TOKEN_SECRET: TOKEN_SECRET,
    };
    // Upstream mode sends none without SMTP_URL, and never to a catcher.
    expect(readConfig(upstream).mail).toBeNull();
    Object.assign(upstream, { SMTP_URL: 'smtp://mailer:secret@smtp.example.com:587' });
    expect(() => readConfig(upstream)).toThrow(/PUBLIC_URL: is required with SMTP_URL/);
    expect(
      readConfig({
        ...upstream,
        PUBLIC_URL: 'https://book.example.com/',
        MAIL_FROM: 'Bookings <bookings@example.com>',
        MAIL_RETRY_SCHEDULE_MS: '1000, 60000',
      }).mail,
    ).toMatchObject({
      publicUrl: 'https://book.example.com',
      from: 'Bookings <bookings@example.com>',
      retryScheduleMs: [1000, 60000],
    });
    for (const [name, value, message] of [
      ['SMTP_URL', 'http://smtp.example.com', /SMTP_URL: must be an smtp/],
      ['MAIL_FROM', 'not an address', /MAIL_FROM: must be an address/],
      ['MAIL_RETRY_SCHEDULE_MS', '5s,10s', /MAIL_RETRY_SCHEDULE_MS: must be a comma-separated/],
    ] as const) {
      expect(() => readConfig({ SMTP_URL: 'smtp://127.0.0.1:25', [name]: value })).toThrow(message);
    }
  });

  it('lists every bad variable at once', () => {
    try {
      readConfig({ PORT: 'eighty', HOTEL_API_BASE_URL: 'ftp://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      const names = (error as ConfigError).problems.map((p) => p.split(':')[0]);
      expect(names).toEqual(expect.arrayContaining(['PORT', 'HOTEL_API_BASE_URL', 'LOG_LEVEL']));
    }
  });

  it('treats empty variables as unset', () => {
    expect(readConfig({ HOTEL_API_BASE_URL: '', PORT: '' }).mode).toBe('sandbox');
  });

  it('refuses a base URL with credentials, a query or a fragment', () => {
    for (const url of [
      'https://user:pass@api.example.com',
      'https://api.example.com/?key=k',
      'https://api.example.com/#x',
    ]) {
      expect(
        () =>
          readConfig({
            HOTEL_API_BASE_URL: url,
            HOTEL_API_KEY: 'k',
            BOOKING_TOKEN_SECRET: TOKEN_SECRET,
          }),
        url,
      ).toThrow(ConfigError);
    }
  });

  it('allows no remote images by default upstream, the configured origins otherwise, none in sandbox mode', () => {
    expect(
      readConfig({
        HOTEL_API_BASE_URL: 'https://api.example.com',
        HOTEL_API_KEY: 'k',
        BOOKING_TOKEN_SECRET: TOKEN_SECRET,
      }).imageOrigins,
    ).toEqual([]);
    expect(
      readConfig({
        HOTEL_API_BASE_URL: 'https://api.example.com',
        HOTEL_API_KEY: 'k',
        BOOKING_TOKEN_SECRET: TOKEN_SECRET,
        HOTEL_API_IMAGE_ORIGINS: 'https://img.example.com, https://*.cdn.example.net:8443',
      }).imageOrigins,
    ).toEqual(['https://img.example.com', 'https://*.cdn.example.net:8443']);
    expect(readConfig({ HOTEL_API_IMAGE_ORIGINS: 'https://img.example.com' }).imageOrigins).toEqual(
      [],
    );
  });

  it('refuses image origins that could break out of the CSP header', () => {
    for (const origins of [
      "https://a.example.com; script-src 'unsafe-inline'",
      'https://a.example.com/path',
      '*',
      "'self'",
    ]) {
      expect(() => readConfig({ HOTEL_API_IMAGE_ORIGINS: origins }), origins).toThrow(ConfigError);
    }
  });

  it('reads TRUST_PROXY as a number of proxies', () => {
    expect(readConfig({}).trustProxy).toBe(0);
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(() => readConfig({ TRUST_PROXY: 'yes' })).toThrow(ConfigError);
  });

  it('reads TRUST_PROXY as a list of proxy addresses, naming a bad entry', () => {
    const trust = readConfig({ TRUST_PROXY: '127.0.0.1/32, 10.0.0.0/8' }).trustProxy;
    expect(typeof trust === 'object' && trust.text).toBe('127.0.0.1/32, 10.0.0.0/8');
    expect(() => readConfig({ TRUST_PROXY: '10.0.0.0/8,proxy.local' })).toThrow(
      /TRUST_PROXY: .*"proxy\.local" is not an address/,
    );
  });

  it('reads the scale-out settings, with defaults, and refuses nonsense naming the variable', () => {
    expect(readConfig({})).toMatchObject({
      redisUrl: undefined,
      redisCommandTimeoutMs: 250,
      rateLimitMaxClients: 20_000,
      http: { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000 },
      metrics: null,
      drainDelayMs: 5_000,
    });
    expect(
      readConfig({ REDIS_URL: 'redis://:pw@127.0.0.1:6379', METRICS_PORT: '9464' }),
    ).toMatchObject({
      redisUrl: 'redis://:pw@127.0.0.1:6379',
      metrics: { port: 9464, host: '127.0.0.1' },
    });
    for (const [name, value] of [
      ['REDIS_URL', 'http://127.0.0.1:6379'],
      ['HTTP_HEADERS_TIMEOUT_MS', '0'],
      ['HTTP_MAX_CONNECTIONS', 'many'],
      ['METRICS_PORT', '99999'],
      ['DRAIN_DELAY_MS', '-1'],
    ] as const) {
      expect(() => readConfig({ [name]: value }), name).toThrow(new RegExp(`${name}: `));
    }
  });

  it('reads HSTS_BEHIND_TLS as on or off', () => {
    expect(readConfig({}).behindTls).toBe(false);
    expect(readConfig({ HSTS_BEHIND_TLS: '1' }).behindTls).toBe(true);
    expect(() => readConfig({ HSTS_BEHIND_TLS: 'yes' })).toThrow(/HSTS_BEHIND_TLS: /);
  });

  it('refuses to send the key over plain HTTP to another host unless HOTEL_API_ALLOW_HTTP=1', () => {
    expect(() => upstream('http://api.example.com/v1')).toThrow(
      /HOTEL_API_BASE_URL: .*https.*HOTEL_API_ALLOW_HTTP/,
    );
    expect(() => upstream('http://10.0.0.5:8090')).toThrow(ConfigError);
    // Loopback is this machine: nothing crosses a network.
    for (const url of ['http://127.0.0.1:8090', 'http://localhost:8090', 'http://[::1]:8090']) {
      expect(upstream(url).upstream?.baseUrl).toBe(url);
    }
    expect(upstream('http://sandbox:8090', { HOTEL_API_ALLOW_HTTP: '1' })).toMatchObject({
      upstream: { baseUrl: 'http://sandbox:8090' },
      plainHttpUpstream: true,
    });
    expect(upstream('https://api.example.com').plainHttpUpstream).toBe(false);
  });

  it('reads the scheme from the parsed URL: HTTP:// is refused like http://, HTTPS:// works as https://', () => {
    for (const shouting of ['HTTP://api.example.com/v1', 'Http://10.0.0.5:8090']) {
      expect(() => upstream(shouting)).toThrow(/HOTEL_API_BASE_URL: .*https.*HOTEL_API_ALLOW_HTTP/);
    }
    expect(upstream('HTTP://Sandbox:8090/', { HOTEL_API_ALLOW_HTTP: '1' })).toMatchObject({
      upstream: { baseUrl: 'http://sandbox:8090' },
      plainHttpUpstream: true,
    });
    // The normalised URL is what the upstream client is given: an https one.
    expect(upstream('HTTPS://API.Example.com/V1/')).toMatchObject({
      upstream: { baseUrl: 'https://api.example.com/V1' },
      plainHttpUpstream: false,
    });
    expect(upstream('HTTP://LOCALHOST:8090').upstream?.baseUrl).toBe('http://localhost:8090');
  });

  it('reads the Redis timeout and the clients cap; a bad REDIS_URL is named without its password', () => {
    expect(
      readConfig({ REDIS_COMMAND_TIMEOUT_MS: '400', RATE_LIMIT_MAX_CLIENTS: '5000' }),
    ).toMatchObject({ redisCommandTimeoutMs: 400, rateLimitMaxClients: 5000 });
    let problems: string[] = [];
    try {
      readConfig({
        REDIS_URL: 'http://:s3cret-pass@redis.internal:6379',
        REDIS_COMMAND_TIMEOUT_MS: '0',
        RATE_LIMIT_MAX_CLIENTS: 'lots',
      });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'RATE_LIMIT_MAX_CLIENTS',
      'REDIS_COMMAND_TIMEOUT_MS',
      'REDIS_URL',
    ]);
    expect(problems.join('\n')).not.toContain('s3cret');
  });

  it('reads the popular destinations the operator lists, and names each problem by its entry', () => {
    const paris = {
      type: 'city',
      id: 2988507,
      name: 'Paris',
      country: 'France',
      image_url: 'https://img.example.com/paris.jpg',
    };
    const upstream = {
      HOTEL_API_BASE_URL: 'https://api.example.com',
      HOTEL_API_KEY: 'k',
      BOOKING_TOKEN_SECRET: TOKEN_SECRET,
      HOTEL_API_IMAGE_ORIGINS: 'https://img.example.com',
    };
    expect(readConfig({}).popularDestinations).toBeNull();
    expect(
      readConfig({ ...upstream, POPULAR_DESTINATIONS: JSON.stringify([paris]) })
        .popularDestinations,
    ).toEqual([paris]);
    // A picture on this site needs no origin, in either mode.
    expect(
      readConfig({
        POPULAR_DESTINATIONS: JSON.stringify([{ ...paris, image_url: '/pictures/paris.jpg' }]),
      }).popularDestinations?.[0]?.image_url,
    ).toBe('/pictures/paris.jpg');

    const problemsOf = (value: string, env: Record<string, string> = upstream) => {
      try {
        readConfig({ ...env, POPULAR_DESTINATIONS: value });
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(problemsOf('paris')).toEqual([
      'POPULAR_DESTINATIONS: must be a JSON list of destinations',
    ]);
    expect(problemsOf(JSON.stringify([paris, { ...paris, id: 0, name: '' }]))).toEqual([
      'POPULAR_DESTINATIONS: [1].id must be a positive id',
      'POPULAR_DESTINATIONS: [1].name is required',
    ]);
    expect(
      problemsOf(JSON.stringify([{ ...paris, image_url: 'http://img.example.com/p.jpg' }])),
    ).toEqual([
      'POPULAR_DESTINATIONS: [0].image_url must be a path on this site (/…) or an https URL',
    ]);
    // The browser would refuse a picture from an origin the CSP does not name.
    expect(
      problemsOf(JSON.stringify([{ ...paris, image_url: 'https://cdn.other.com/p.jpg' }])),
    ).toEqual([
      'POPULAR_DESTINATIONS: [0].image_url is not on this site nor an origin of HOTEL_API_IMAGE_ORIGINS (the browser would refuse it)',
    ]);
    expect(problemsOf(JSON.stringify(Array.from({ length: 13 }, () => paris)))).toEqual([
      'POPULAR_DESTINATIONS: must be a JSON list of at most 12 destinations',
    ]);
  });

  it('reads a street map’s tiles: one https host, the three placeholders, an attribution', () => {
    const problemsOf = (env: Record<string, string>) => {
      try {
        readConfig(env);
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(readConfig({}).mapTiles).toBeNull();
    expect(
      readConfig({
        MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png',
        MAP_ATTRIBUTION: '© Example',
      }).mapTiles,
    ).toEqual({
      url_template: 'https://tiles.example.com/{z}/{x}/{y}.png',
      attribution: '© Example',
      max_zoom: 19,
    });
    expect(problemsOf({ MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png' })).toEqual([
      'MAP_ATTRIBUTION: is required with MAP_TILE_URL: map tiles come with a licence that asks for it',
    ]);
    expect(
      problemsOf({
        MAP_TILE_URL: 'http://tiles.example.com/{z}/{x}/{y}.png',
        MAP_ATTRIBUTION: 'x',
      }),
    ).toEqual(['MAP_TILE_URL: must be an https URL template']);
    expect(
      problemsOf({ MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}.png', MAP_ATTRIBUTION: 'x' }),
    ).toEqual([
      'MAP_TILE_URL: must hold {z}, {x} and {y} (https://tiles.example.com/{z}/{x}/{y}.png)',
    ]);
    expect(
      problemsOf({
        MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
        MAP_ATTRIBUTION: 'x',
        MAP_MAX_ZOOM: '30',
      }),
    ).toEqual(['MAP_TILE_URL: must name one host (no {s})', 'MAP_MAX_ZOOM: must be at most 22']);
  });
});
