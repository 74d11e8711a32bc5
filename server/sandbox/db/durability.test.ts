import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { BookingSchema, successEnvelopeSchema } from '../../../src/contract/index.ts';
import { TEST_NOW } from '../../../src/contract/testing/clock.ts';
import { REPLAYED_HEADER } from '../booking/book.ts';
import { createFlow } from '../test-support/booking-flow.ts';
import { DatabaseVersionError, openSandboxDatabase } from './database.ts';
import { MIGRATIONS } from './migrations.ts';

const dir = mkdtempSync(join(tmpdir(), 'staylane-sandbox-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// Generates the inventory while the file loads, outside any test's time limit.
createFlow().sandbox.close();

describe('the sandbox database', () => {
  it('is created with its folder, migrated to the latest user_version, in WAL mode', () => {
    const file = join(dir, 'nested', 'folder', 'fresh.db');
    const db = openSandboxDatabase(file);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    db.close();
    // Reopening migrates nothing and keeps the version.
    const again = openSandboxDatabase(file);
    expect(again.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    again.close();
  });

  it('refuses a file written by a newer build', () => {
    const file = join(dir, 'newer.db');
    const raw = new Database(file);
    raw.pragma('user_version = 99');
    raw.close();
    expect(() => openSandboxDatabase(file)).toThrow(DatabaseVersionError);
  });

  it('keeps bookings and idempotency records across a restart', async () => {
    const file = join(dir, 'restart.db');
    const first = createFlow({ dbPath: file, prebookSurprises: false });
    const { prebook } = await first.heldPrebook();
    const body = first.bookBody(prebook.prebook_id);
    const original = await first.book(body, 'restart-key-1');
    const originalText = await original.text();
    expect(original.status).toBe(201);
    const booking = BookingSchema.parse(
      successEnvelopeSchema(BookingSchema).parse(JSON.parse(originalText)).data,
    );
    first.sandbox.close();

    const second = createFlow({ dbPath: file, prebookSurprises: false });
    const replay = await second.book(body, 'restart-key-1');
    expect(replay.status).toBe(201);
    expect(replay.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await replay.text()).toBe(originalText);
    // The prebook is still known as booked, and the booking can be read and cancelled.
    const other = await second.failed(await second.book(body, 'restart-key-2'));
    expect(other.envelope.error.code).toBe('PREBOOK_ALREADY_BOOKED');
    const found = await second.get(`/bookings?reference=${booking.reference}`);
    expect(successEnvelopeSchema(BookingSchema).parse(await found.json()).data).toEqual(booking);
    second.sandbox.close();
  });
});

describe('a booking in flight when the process is killed', () => {
  it('is all or nothing: every booking has its record and every record its booking', async () => {
    const file = join(dir, 'killed.db');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/sandbox/test-support/booking-writer.ts', file],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const acknowledged = new Map<string, string>();
    const tried = new Map<string, string>();
    const exited = new Promise((resolve) => child.on('exit', resolve));
    for await (const line of createInterface({ input: child.stdout })) {
      const [kind, key = '', id = ''] = line.split(' ');
      if (kind === 'TRY') tried.set(key, id);
      if (kind === 'BOOKED') acknowledged.set(key, id);
      // Killed while it keeps writing: SIGKILL, no chance to finish anything.
      if (acknowledged.size === 150 && child.exitCode === null) child.kill('SIGKILL');
    }
    await exited;
    expect(stderr).toBe('');
    expect(child.signalCode).toBe('SIGKILL');
    expect(acknowledged.size).toBeGreaterThanOrEqual(150);

    const db = openSandboxDatabase(file);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const bookings = db.prepare('SELECT booking_id, prebook_id FROM bookings').all() as {
      booking_id: string;
      prebook_id: string;
    }[];
    const records = db
      .prepare('SELECT status, body, booking_id FROM idempotency_records')
      .all() as { status: number; body: string; booking_id: string | null }[];
    db.close();
    // Every acknowledged booking survived the kill.
    const stored = new Set(bookings.map((b) => b.booking_id));
    for (const id of acknowledged.values()) expect(stored.has(id)).toBe(true);
    // Booking and record: both or neither.
    expect(records).toHaveLength(bookings.length);
    for (const record of records) {
      expect(record.status).toBe(201);
      expect(stored.has(record.booking_id ?? '')).toBe(true);
      const body = successEnvelopeSchema(BookingSchema).parse(JSON.parse(record.body));
      expect(body.data.booking_id).toBe(record.booking_id);
    }
    // At most the attempt that was under way is unacknowledged, and it is either whole or absent.
    expect(bookings.length - acknowledged.size).toBeLessThanOrEqual(1);

    // The client retries its last attempt with the same key: replayed if it committed,
    // booked now if it did not; one booking for its prebook either way.
    const [lastKey, lastPrebook] = [...tried.entries()].at(-1) ?? ['', ''];
    const flow = createFlow({ dbPath: file, prebookSurprises: false, now: () => TEST_NOW });
    const retry = await flow.book(flow.bookBody(lastPrebook), lastKey);
    expect(retry.status).toBe(201);
    const committed = bookings.some((b) => b.prebook_id === lastPrebook);
    expect(retry.headers.get(REPLAYED_HEADER)).toBe(committed ? 'true' : null);
    const count = flow.sandbox.context.store.db
      .prepare('SELECT COUNT(*) FROM bookings WHERE prebook_id = ?')
      .pluck()
      .get(lastPrebook);
    expect(count).toBe(1);
    flow.sandbox.close();
  }, 60_000);
});
