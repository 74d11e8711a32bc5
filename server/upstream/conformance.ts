// How a hotel API environment differs from what the app relies on (docs/api.md): the walk
// the app makes (autocomplete → nationalities → filters → search and its next pages →
// price polls to the end → content → room options, and with `book`: the same for hotels in
// turn until one offers a rate, then prebook → book → look-up → cancel), through the app's
// own upstream client, with every attempt recorded.
// Each answer is held to the contract's schema: a missing field, a wrong type or format, an
// unexpected status, an answer without X-Request-Id, a cursor that repeats hotels and polls
// that never end are differences; fields the app does not read, retries and latency are
// notes. `npm run check-upstream` prints it; the key is never part of it.
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import {
  ENDPOINTS,
  addDays,
  formatFieldPath,
  successEnvelopeSchema,
  type EndpointName,
  type Language,
} from '../../src/contract/index.ts';
import { EXAMPLE_GUESTS, EXAMPLE_HOLDER } from '../../src/contract/examples.ts';
import { createLogger, type Logger } from '../logger.ts';
import { createUpstreamClient, type UpstreamRequest } from './client.ts';
import { createHttpTransport, type HttpTransport, type Transport } from './transport.ts';

export type Severity = 'difference' | 'note';

export interface Finding {
  severity: Severity;
  kind:
    | 'unreachable'
    | 'status'
    | 'not-json'
    | 'field'
    | 'extra-field'
    | 'request-id'
    | 'retried'
    | 'cursor'
    | 'polls'
    | 'skipped';
  /** A JSON path into the answer (`$.data.hotels[0].name`), or '' for the answer as a whole. */
  path: string;
  message: string;
}

export interface CallReport {
  step: string;
  endpoint: EndpointName;
  method: string;
  path: string;
  /** The last attempt's status; null when no answer came. */
  status: number | null;
  /** How many attempts the client made: a retried failure would otherwise go unseen. */
  attempts: number;
  /** Every attempt's status (or `network`, `timeout`), in order. */
  statuses: (number | string)[];
  latencyMs: number;
  findings: Finding[];
}

export interface ConformanceReport {
  baseUrl: string;
  language: Language;
  booked: boolean;
  calls: CallReport[];
  differences: number;
  notes: number;
  /** Nothing the app relies on differs. */
  ok: boolean;
}

export interface ConformanceOptions {
  baseUrl: string;
  apiKey: string;
  language?: Language;
  /** Also prebook, book, look up and cancel a booking. */
  book?: boolean;
  /** What to type into autocomplete; its first city is searched. */
  query?: string;
  /** Check-in (YYYY-MM-DD); 30 days from today by default. */
  checkIn?: string;
  /** Price polls: the app's interval and how long until they count as never ending. */
  pollIntervalMs?: number;
  maxPollMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Defaults to the production HTTP transport. */
  transport?: Transport;
  logger?: Logger;
}

const PAGES = 3;
const PAGE_SIZE = 10;

/* ------------------------------------------------------------------ reading answers */

/** A value at a path of plain JSON, or undefined. */
function at(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** Hotels whose rooms are asked for before the walk gives up booking. */
const HOTELS_TRIED_FOR_A_RATE = 5;

/** `['data', 'hotels', 0]` → `$.data.hotels[0]`. */
const jsonPath = (path: readonly PropertyKey[]) => formatFieldPath(path, '$');

/** An error envelope's code, or '' when the answer has none. */
function codeOf(json: unknown): string {
  const code = at(json, 'error', 'code');
  return typeof code === 'string' ? code : '';
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * One finding per kind of problem: the same field missing from every hotel of a page is
 * said once, at its first item, with how many more items have it.
 */
function onePerPattern(findings: Finding[]): Finding[] {
  const first = new Map<string, { finding: Finding; more: number }>();
  for (const finding of findings) {
    const key = `${finding.kind} ${finding.path.replace(/\[\d+\]/g, '[*]')} ${finding.message}`;
    const seen = first.get(key);
    if (seen) seen.more += 1;
    else first.set(key, { finding, more: 0 });
  }
  return [...first.values()].map(({ finding, more }) =>
    more === 0
      ? finding
      : {
          ...finding,
          message: `${finding.message}, and in ${more} more item${more === 1 ? '' : 's'} like it`,
        },
  );
}

/** The contract's complaints about an answer, one finding each. */
function schemaFindings(schema: z.ZodMiniType, json: unknown): Finding[] {
  const parsed = schema.safeParse(json, { reportInput: true });
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const input = (issue as { input?: unknown }).input;
    let message = issue.message;
    if (issue.code === 'invalid_type') {
      message =
        input === undefined
          ? `missing (the app reads a ${issue.expected})`
          : `a ${describeType(input)} where the app reads a ${issue.expected}`;
    }
    return { severity: 'difference', kind: 'field', path: jsonPath(issue.path), message };
  });
}

/** The parts of a zod schema's definition the walk below reads. */
type Def =
  | {
      type: 'optional' | 'nullable' | 'default' | 'prefault' | 'readonly' | 'nonoptional' | 'catch';
      innerType: z.ZodMiniType;
    }
  | { type: 'pipe'; in: z.ZodMiniType }
  | { type: 'lazy'; getter: () => z.ZodMiniType }
  | { type: 'union'; options: z.ZodMiniType[] }
  | { type: 'array'; element: z.ZodMiniType }
  | { type: 'record'; valueType: z.ZodMiniType }
  | { type: 'object'; shape: Record<string, z.ZodMiniType>; catchall?: z.ZodMiniType }
  | { type: 'never' | 'string' | 'number' | 'boolean' | 'enum' | 'literal' };

const defOf = (schema: z.ZodMiniType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Fields of an answer the contract does not name (the app ignores them): notes. */
function extraFields(schema: z.ZodMiniType, value: unknown, path: PropertyKey[] = []): Finding[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return value === undefined || value === null ? [] : extraFields(def.innerType, value, path);
    case 'pipe':
      return extraFields(def.in, value, path);
    case 'lazy':
      return extraFields(def.getter(), value, path);
    case 'union': {
      const match = def.options.find((option) => option.safeParse(value).success);
      return match ? extraFields(match, value, path) : [];
    }
    case 'array':
      // The first few items say it: a hundred hotels would repeat the same note.
      return Array.isArray(value)
        ? value
            .slice(0, 3)
            .flatMap((item, index) => extraFields(def.element, item, [...path, index]))
        : [];
    case 'record':
      return value && typeof value === 'object'
        ? Object.entries(value).flatMap(([key, item]) =>
            extraFields(def.valueType, item, [...path, key]),
          )
        : [];
    case 'object': {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
      const loose = def.catchall && defOf(def.catchall).type !== 'never';
      return Object.entries(value).flatMap(([key, item]): Finding[] => {
        const known = def.shape[key];
        return known
          ? extraFields(known, item, [...path, key])
          : loose
            ? []
            : [
                {
                  severity: 'note',
                  kind: 'extra-field',
                  path: jsonPath([...path, key]),
                  message: 'not in what the app reads (ignored)',
                },
              ];
      });
    }
    default:
      return [];
  }
}

/* ------------------------------------------------------------------ the walk */

interface RecordedAttempt {
  status: number | string;
  requestId: string | null;
  text: string | null;
}

export async function checkUpstream(options: ConformanceOptions): Promise<ConformanceReport> {
  const language = options.language ?? 'en';
  const sleep = options.sleep ?? ((ms) => new Promise<void>((done) => setTimeout(done, ms)));
  const pollIntervalMs = options.pollIntervalMs ?? 2_000;
  const maxPollMs = options.maxPollMs ?? 60_000;
  let http: HttpTransport | null = null;
  let base = options.transport;
  if (!base) {
    http = createHttpTransport();
    base = http.transport;
  }
  const sendTo = base;
  let recorded: RecordedAttempt[] = [];
  const transport: Transport = async (exchange) => {
    try {
      const answer = await sendTo(exchange);
      recorded.push({
        status: answer.status,
        requestId: answer.header('x-request-id'),
        text: answer.text,
      });
      return answer;
    } catch (error) {
      recorded.push({
        status: exchange.cancel.reason ? 'timeout' : 'network',
        requestId: null,
        text: null,
      });
      throw error;
    }
  };
  const upstream = createUpstreamClient({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    transport,
    apiKey: () => options.apiKey,
    // The report says what the client's log would: its lines would only repeat it.
    logger: options.logger ?? createLogger({ level: 'silent' }),
  });
  const calls: CallReport[] = [];

  /** One call as the app makes it; its report; the answer's raw `data` (even when it differs). */
  async function call(
    step: string,
    endpoint: EndpointName,
    request: Omit<UpstreamRequest, 'requestId' | 'language'>,
    expected: number = 200,
  ): Promise<{ data: unknown; report: CallReport }> {
    recorded = [];
    const spec = ENDPOINTS[endpoint];
    const started = performance.now();
    const result = await upstream.call(endpoint, { ...request, requestId: randomUUID(), language });
    const latencyMs = Math.round(performance.now() - started);
    const last = recorded.at(-1);
    const findings: Finding[] = [];
    let json: unknown;
    if (!last || last.text === null) {
      findings.push({
        severity: 'difference',
        kind: 'unreachable',
        path: '',
        message: `no answer (${result.ok ? 'ok' : result.code})`,
      });
    } else {
      try {
        json = JSON.parse(last.text);
      } catch {
        findings.push({ severity: 'difference', kind: 'not-json', path: '', message: 'not JSON' });
      }
      if (last.status !== expected) {
        findings.push({
          severity: 'difference',
          kind: 'status',
          path: '',
          message: `${[last.status, codeOf(json)].filter(Boolean).join(' ')} where the app expects ${expected}`,
        });
      } else if (json !== undefined) {
        const schema = successEnvelopeSchema(request.dataSchema ?? spec.data);
        findings.push(
          ...onePerPattern([...schemaFindings(schema, json), ...extraFields(schema, json)]),
        );
      }
    }
    if (recorded.some((attempt) => typeof attempt.status === 'number' && !attempt.requestId)) {
      findings.push({
        severity: 'difference',
        kind: 'request-id',
        path: '',
        message: 'an answer without X-Request-Id: support cannot match its logs to ours',
      });
    }
    if (recorded.length > 1) {
      findings.push({
        severity: 'note',
        kind: 'retried',
        path: '',
        message: `took ${recorded.length} attempts (${recorded.map((a) => a.status).join(', ')}): the app retries it, shoppers wait`,
      });
    }
    const report: CallReport = {
      step,
      endpoint,
      method: spec.method,
      path: spec.path,
      status: typeof last?.status === 'number' ? last.status : null,
      attempts: recorded.length,
      statuses: recorded.map((attempt) => attempt.status),
      latencyMs,
      findings,
    };
    calls.push(report);
    return { data: at(json, 'data'), report };
  }

  function skipped(step: string, endpoint: EndpointName, because: string): void {
    const spec = ENDPOINTS[endpoint];
    calls.push({
      step,
      endpoint,
      method: spec.method,
      path: spec.path,
      status: null,
      attempts: 0,
      statuses: [],
      latencyMs: 0,
      findings: [
        { severity: 'note', kind: 'skipped', path: '', message: `not called: ${because}` },
      ],
    });
  }

  try {
    await walk();
  } finally {
    http?.close();
  }

  async function walk(): Promise<void> {
    const found = await call('autocomplete', 'autocomplete', {
      query: { query: options.query ?? 'Paris', limit: 5 },
    });
    const destinations = (at(found.data, 'destinations') ?? []) as unknown[];
    const destination = destinations.find((item) => at(item, 'type') === 'city') ?? destinations[0];
    await call('nationalities', 'nationalities', {});
    if (!destination) {
      for (const [step, endpoint] of [
        ['filters', 'filters'],
        ['search', 'searchHotels'],
        ['content', 'content'],
        ['rooms', 'rooms'],
      ] as const) {
        skipped(step, endpoint, 'autocomplete found no destination to search');
      }
      return;
    }
    const ref = { type: at(destination, 'type'), id: at(destination, 'id') };
    await call('filters', 'filters', {
      query: { destination_type: String(ref.type), destination_id: String(ref.id) },
    });

    const checkIn = options.checkIn ?? addDays(new Date().toISOString().slice(0, 10), 30);
    const stay = {
      check_in: checkIn,
      check_out: addDays(checkIn, 2),
      rooms: [{ adults: 2 }],
      nationality: 'FR',
    };
    const search = { destination: ref, ...stay, limit: PAGE_SIZE };
    const first = await call('search', 'searchHotels', { body: search });
    const seen = new Map<unknown, number>();
    let page = first;
    for (let number = 1; ; number++) {
      const hotels = (at(page.data, 'hotels') ?? []) as unknown[];
      const repeated = hotels
        .map((hotel, index) => ({ id: at(hotel, 'hotel_id'), index }))
        .filter(({ id }) => seen.has(id));
      for (const { id, index } of repeated) {
        page.report.findings.push({
          severity: 'difference',
          kind: 'cursor',
          path: `$.data.hotels[${index}].hotel_id`,
          message: `hotel ${String(id)} was on page ${seen.get(id)} already: the cursor repeats hotels`,
        });
      }
      for (const hotel of hotels) {
        const id = at(hotel, 'hotel_id');
        if (!seen.has(id)) seen.set(id, number);
      }
      const cursor = at(page.data, 'next_cursor');
      if (typeof cursor !== 'string' || number >= PAGES) break;
      page = await call(`search page ${number + 1}`, 'searchHotels', {
        body: { ...search, cursor },
      });
    }

    const searchId = at(first.data, 'search_id');
    if (typeof searchId === 'string') await pollToTheEnd(searchId);
    else skipped('price polls', 'searchPrices', 'the search answered no search_id');

    // The rooms and the booking need a hotel that sells the stay. A search's prices may be
    // estimates, so a hotel it calls available can still offer no room when asked: as a
    // shopper would, the walk opens the hotels the search says are available (band 0) one
    // after another, up to a few, until one offers a rate. Which hotels sell out moves with
    // the calendar, upstream as in the sandbox.
    const hotels = (at(first.data, 'hotels') ?? []) as unknown[];
    const available = hotels.filter((hotel) => at(hotel, 'availability_band') === 0);
    const candidates = (available.length > 0 ? available : hotels)
      .map((hotel) => at(hotel, 'hotel_id'))
      .filter((id) => typeof id === 'string' || typeof id === 'number')
      .slice(0, options.book ? HOTELS_TRIED_FOR_A_RATE : 1);
    if (candidates.length === 0) {
      skipped('content', 'content', 'the search found no hotel');
      skipped('rooms', 'rooms', 'the search found no hotel');
      return;
    }
    let bookingToken: unknown;
    for (const hotelId of candidates) {
      await call('content', 'content', { params: { hotel_id: String(hotelId) } });
      const rooms = await call('rooms', 'rooms', { body: { hotel_id: String(hotelId), ...stay } });
      // The first rate of any room: a room may be offered with no rate left for the stay.
      const offered = ((at(rooms.data, 'rooms') ?? []) as unknown[]).find(
        (room) => at(room, 'rates', 0) !== undefined,
      );
      bookingToken = at(offered, 'rates', 0, 'booking_token');
      if (bookingToken !== undefined) break;
    }
    if (options.book) await bookAndCancel(bookingToken);
  }

  async function pollToTheEnd(searchId: string): Promise<void> {
    const started = Date.now();
    let waited = 0;
    for (let polls = 1; ; polls++) {
      const { data, report } = await call(`price poll ${polls}`, 'searchPrices', {
        params: { search_id: searchId },
      });
      const status = at(data, 'refresh_status');
      if (status === 'COMPLETE' || status === 'EXPIRED' || report.status !== 200) return;
      // Measured on the clock the walk sleeps on, so a test's clock can stand in for it.
      waited += pollIntervalMs;
      if (waited > maxPollMs || Date.now() - started > maxPollMs * 2) {
        report.findings.push({
          severity: 'difference',
          kind: 'polls',
          path: '$.data.refresh_status',
          message: `still ${String(status)} after ${Math.round(maxPollMs / 1000)} s of polls: they never end`,
        });
        return;
      }
      await sleep(pollIntervalMs);
    }
  }

  async function bookAndCancel(bookingToken: unknown): Promise<void> {
    if (typeof bookingToken !== 'string') {
      skipped('prebook', 'prebook', 'room options offered no rate');
      return;
    }
    const held = await call('prebook', 'prebook', { body: { booking_token: bookingToken } });
    const prebookId = at(held.data, 'prebook_id');
    if (typeof prebookId !== 'string') {
      skipped('book', 'book', 'prebook answered no prebook_id');
      return;
    }
    const booked = await call(
      'book',
      'book',
      {
        body: { prebook_id: prebookId, holder: EXAMPLE_HOLDER, guests: EXAMPLE_GUESTS },
        idempotencyKey: `check-upstream-${randomUUID()}`,
      },
      201,
    );
    const reference = at(booked.data, 'reference');
    const bookingId = at(booked.data, 'booking_id');
    if (typeof reference !== 'string' || typeof bookingId !== 'string') {
      skipped('look-up', 'findBookings', 'book answered no reference');
      return;
    }
    await call('look-up', 'findBookings', { query: { reference } });
    await call('cancel', 'cancelBooking', { params: { booking_id: bookingId } });
  }

  const differences = calls.flatMap((c) => c.findings).filter((f) => f.severity === 'difference');
  const notes = calls.flatMap((c) => c.findings).filter((f) => f.severity === 'note');
  return {
    baseUrl: options.baseUrl,
    language,
    booked: Boolean(options.book),
    calls,
    differences: differences.length,
    notes: notes.length,
    ok: differences.length === 0,
  };
}

/** The report for a person: one line per call, its findings under it. */
export function formatReport(report: ConformanceReport): string {
  const lines = [
    `Checked ${report.baseUrl} (language ${report.language}) as the app calls it:`,
    '',
  ];
  for (const call of report.calls) {
    const mark = call.findings.some((f) => f.severity === 'difference') ? '✘' : '✔';
    lines.push(
      `${mark} ${call.step.padEnd(16)} ${call.method.padEnd(4)} ${call.path.padEnd(32)} ${String(call.status ?? '—').padEnd(3)}  ${call.attempts} attempt${call.attempts === 1 ? '' : 's'}  ${call.latencyMs} ms`,
    );
    for (const finding of call.findings) {
      lines.push(
        `    ${finding.severity.padEnd(10)} ${finding.path ? `${finding.path}: ` : ''}${finding.message}`,
      );
    }
  }
  lines.push(
    '',
    report.ok
      ? `Nothing the app relies on differs (${report.notes} notes).`
      : `${report.differences} difference${report.differences === 1 ? '' : 's'} the app relies on, ${report.notes} notes.`,
  );
  return lines.join('\n');
}
