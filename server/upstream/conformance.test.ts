// The conformance check: `npm run check-upstream` against the standalone sandbox over a
// socket (it passes, booking included), and against an upstream that deviates on purpose
// in six ways, each of which it must name with its endpoint and JSON path.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEMO_KEY, type Sandbox } from '../sandbox/app.ts';
import { createStackSandbox, sandboxClock } from '../test-support/embedded-stack.ts';
import { listen } from '../test-support/fake-upstream.ts';
import { checkUpstream, formatReport, type ConformanceReport } from './conformance.ts';
import { inProcessTransport } from './transport.ts';

function keyFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'staylane-check-')), 'key');
  writeFileSync(file, `${SANDBOX_DEMO_KEY}\n`, { mode: 0o600 });
  return file;
}

/** The CLI as an operator runs it: its exit code and what it wrote. */
function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsx', 'scripts/check-upstream.ts', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('check-upstream against the standalone sandbox', () => {
  let sandbox: Sandbox;
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    sandbox = createStackSandbox(sandboxClock('real', Date.now()), { publicBaseUrl: '' });
    server = await listen(sandbox.app);
  });
  afterAll(async () => {
    await server.close();
    sandbox.close();
  });

  it('finds nothing the app relies on that differs, booking and cancelling too, and never prints the key', async () => {
    const { code, stdout, stderr } = await runCli([
      '--base-url',
      server.url,
      '--key-file',
      keyFile(),
      '--language',
      'fr',
      '--book',
      '--json',
    ]);
    expect(stderr).toBe('');
    const report = JSON.parse(stdout) as ConformanceReport;
    const differences = report.calls.flatMap((call) =>
      call.findings.filter((finding) => finding.severity === 'difference'),
    );
    expect(differences).toEqual([]);
    expect(code).toBe(0);
    expect(report).toMatchObject({ ok: true, language: 'fr', booked: true });
    const steps = report.calls.map((call) => call.step);
    expect(steps.slice(0, 5)).toEqual([
      'autocomplete',
      'nationalities',
      'filters',
      'search',
      'search page 2',
    ]);
    expect(steps.slice(-6)).toEqual(['content', 'rooms', 'prebook', 'book', 'look-up', 'cancel']);
    // The polls ran to the end of the refresh.
    expect(steps.filter((step) => step.startsWith('price poll')).length).toBeGreaterThan(0);
    expect(report.calls.find((call) => call.step === 'book')?.status).toBe(201);
    expect(stdout).not.toContain(SANDBOX_DEMO_KEY);
  }, 60_000);

  it('refuses to book anywhere but this machine unless told it books', async () => {
    const { code, stderr } = await runCli([
      '--base-url',
      'https://api.example.com',
      '--key-file',
      keyFile(),
      '--book',
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain('add --i-understand-this-books');
    expect(stderr).not.toContain(SANDBOX_DEMO_KEY);
  }, 30_000);
});

describe('check-upstream against a deviant upstream', () => {
  const clock = sandboxClock('manual');
  const sandbox = createStackSandbox(clock, { publicBaseUrl: '' });
  afterAll(() => {
    sandbox.close();
  });

  /** The sandbox, with six deviations planted. */
  let nationalitiesAsked = 0;
  let firstPage: unknown[] = [];
  async function deviant(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (path === '/master-data/nationalities' && nationalitiesAsked++ === 0) {
      return Response.json(
        { success: false, message: 'boom', error: { code: 'INTERNAL', details: [] } },
        { status: 500, headers: { 'x-request-id': 'r1' } },
      );
    }
    const body =
      request.method === 'POST' ? ((await request.clone().json()) as { cursor?: string }) : null;
    const answer = await sandbox.app.fetch(request);
    const json = (await answer.json()) as { data: Record<string, unknown> };
    const headers = new Headers(answer.headers);
    headers.delete('content-length');
    const data = json.data;
    if (path === '/hotels/filters') headers.delete('x-request-id');
    if (path === '/hotels/1044/content' || /^\/hotels\/\d+\/content$/.test(path)) {
      delete data.description;
    }
    if (path === '/hotels/search') {
      const hotels = data.hotels as Record<string, unknown>[];
      if (!body?.cursor) {
        firstPage = structuredClone(hotels);
        // A renamed field, on the first page.
        for (const hotel of hotels) {
          hotel.name = hotel.hotel_name;
          delete hotel.hotel_name;
        }
      } else {
        // Every next page starts with a hotel the first page had.
        hotels[0] = { ...(firstPage[1] as object) };
      }
    }
    if (path === '/hotels/rooms') {
      const rate = (data.rooms as { rates: Record<string, unknown>[] }[])[0]!.rates[0]!;
      rate.pay_at_hotel_usd_cents = String(rate.pay_at_hotel_usd_cents);
    }
    return new Response(JSON.stringify(json), { status: answer.status, headers });
  }

  let report: ConformanceReport;
  beforeAll(async () => {
    report = await checkUpstream({
      baseUrl: 'http://deviant.internal',
      apiKey: SANDBOX_DEMO_KEY,
      transport: inProcessTransport({ fetch: deviant }),
      checkIn: new Date(clock.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      // The sandbox's refresh runs on its clock: a poll's wait moves it on.
      sleep: (ms) => {
        clock.advance(ms);
        return Promise.resolve();
      },
    });
  });

  /** Each finding as `endpoint severity kind path`. */
  const named = () =>
    report.calls.flatMap((call) =>
      call.findings.map((f) => `${call.endpoint} ${f.severity} ${f.kind} ${f.path}`.trim()),
    );

  it('names a dropped field, a renamed one and a number sent as a string, with their paths', () => {
    expect(named()).toEqual(
      expect.arrayContaining([
        'content difference field $.data.description',
        'searchHotels difference field $.data.hotels[0].hotel_name',
        'searchHotels note extra-field $.data.hotels[0].name',
        'rooms difference field $.data.rooms[0].rates[0].pay_at_hotel_usd_cents',
      ]),
    );
    const typed = report.calls
      .find((call) => call.endpoint === 'rooms')!
      .findings.find((f) => f.kind === 'field')!;
    expect(typed.message).toBe('a string where the app reads a number');
  });

  it('names a 500 the client retried, an answer without X-Request-Id and a cursor that repeats', () => {
    const nationalities = report.calls.find((call) => call.endpoint === 'nationalities')!;
    expect(nationalities).toMatchObject({ attempts: 2, statuses: [500, 200], status: 200 });
    expect(named()).toEqual(
      expect.arrayContaining([
        'nationalities note retried',
        'filters difference request-id',
        'searchHotels difference cursor $.data.hotels[0].hotel_id',
      ]),
    );
    expect(report.calls.find((call) => call.step === 'search page 2')!.findings).toContainEqual(
      expect.objectContaining({ kind: 'cursor', path: '$.data.hotels[0].hotel_id' }),
    );
  });

  it('fails, and says so in words an operator reads', () => {
    expect(report.ok).toBe(false);
    // Three planted field differences (each said once for all the items it is in), the
    // header, and the cursor on pages 2 and 3; the retry is a note.
    expect(report.differences).toBe(6);
    const text = formatReport(report);
    expect(text).toContain('✘ filters');
    expect(text).toContain(
      '$.data.rooms[0].rates[0].pay_at_hotel_usd_cents: a string where the app reads a number',
    );
    expect(text).toContain('took 2 attempts (500, 200)');
    expect(text).toContain(
      '$.data.hotels[0].hotel_name: missing (the app reads a string), and in 9 more items like it',
    );
    expect(text).toMatch(/6 differences the app relies on, \d+ notes\.$/);
  });
});

describe('check-upstream against price polls that never end', () => {
  const clock = sandboxClock('manual');
  const sandbox = createStackSandbox(clock, { publicBaseUrl: '' });
  afterAll(() => {
    sandbox.close();
  });

  it('stops after its budget of polls and says they never end', async () => {
    // Every poll says the refresh is still going.
    const pending = async (request: Request): Promise<Response> => {
      const answer = await sandbox.app.fetch(request);
      if (!new URL(request.url).pathname.endsWith('/prices')) return answer;
      const json = (await answer.json()) as { data: { refresh_status: string } };
      json.data.refresh_status = 'PENDING';
      const headers = new Headers(answer.headers);
      headers.delete('content-length');
      return new Response(JSON.stringify(json), { status: answer.status, headers });
    };
    let slept = 0;
    const report = await checkUpstream({
      baseUrl: 'http://pending.internal',
      apiKey: SANDBOX_DEMO_KEY,
      transport: inProcessTransport({ fetch: pending }),
      checkIn: new Date(clock.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      maxPollMs: 10_000,
      sleep: (ms) => {
        slept += ms;
        clock.advance(ms);
        return Promise.resolve();
      },
    });
    const polls = report.calls.filter((call) => call.endpoint === 'searchPrices');
    // A poll every 2 s for 10 s, then the verdict; the walk goes on to the hotel.
    expect(polls).toHaveLength(6);
    expect(slept).toBe(10_000);
    expect(polls.at(-1)!.findings).toEqual([
      {
        severity: 'difference',
        kind: 'polls',
        path: '$.data.refresh_status',
        message: 'still PENDING after 10 s of polls: they never end',
      },
    ]);
    expect(report.calls.map((call) => call.step).slice(-2)).toEqual(['content', 'rooms']);
    expect(report).toMatchObject({ ok: false, differences: 1 });
  });
});
