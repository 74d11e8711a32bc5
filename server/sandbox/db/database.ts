// Opens the sandbox's SQLite file (SANDBOX_DB) and brings its schema up to date.
//
// - WAL: readers never wait for the writer, and a commit is one append to the log.
// - synchronous=NORMAL: in WAL mode a commit is durable once written to the log file,
//   which survives a crash or kill of the process (the OS holds the pages); only an OS
//   crash or power cut can lose the last commits, and even then the file stays
//   consistent. For a sandbox that trade is right: commits cost no fsync.
// - busy_timeout: a second process on the same file (a test, `sqlite3` in a terminal)
//   makes a writer wait instead of failing at once.
// - foreign_keys: bookings point at their prebook, records at their booking.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { MIGRATIONS } from './migrations.ts';

export type SqliteDatabase = Database.Database;

export const IN_MEMORY = ':memory:';

export class DatabaseVersionError extends Error {
  constructor(found: number, known: number) {
    super(
      `The sandbox database has schema version ${found}; this build knows up to ${known}. ` +
        'Use a newer build or another SANDBOX_DB file.',
    );
    this.name = 'DatabaseVersionError';
  }
}

/** Runs the migrations after the file's user_version, each in its own transaction. */
export function migrate(db: SqliteDatabase): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) throw new DatabaseVersionError(current, MIGRATIONS.length);
  for (let version = current; version < MIGRATIONS.length; version++) {
    const script = MIGRATIONS[version] ?? '';
    db.transaction(() => {
      db.exec(script);
      // PRAGMA takes no bound parameters; the value is our own integer.
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
  return MIGRATIONS.length;
}

/** The database at `path` (':memory:' for tests), created with its folder when missing. */
export function openSandboxDatabase(path: string): SqliteDatabase {
  const inMemory = path === IN_MEMORY;
  if (!inMemory) mkdirSync(dirname(resolve(path)), { recursive: true });
  const db = new Database(path);
  try {
    if (!inMemory) db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
