// The hotel-API key: fixed (HOTEL_API_KEY, the sandbox's demo key) or read from a
// file (HOTEL_API_KEY_FILE) and read again on SIGHUP, so a key can be rotated
// without a restart: deploy the new key, confirm traffic, disable the old one.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

export interface ApiKeySource {
  /** The key to send now. */
  current(): string;
  /** Reads the file again; on any problem the key in use stays. */
  reload(): Promise<ReloadResult>;
}

export type ReloadResult =
  | { outcome: 'reloaded'; fingerprint: string }
  | { outcome: 'unchanged'; fingerprint: string }
  | { outcome: 'failed'; reason: string }
  | { outcome: 'not-a-file' };

/**
 * A short, one-way tag of a key for logs ("which key is in use?") that tells
 * nothing about the key itself.
 */
export function keyFingerprint(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

const KEY_PATTERN = /^[\x21-\x7e]{1,512}$/;

/** The key in a file: its first line, trimmed; printable ASCII only (it goes in a header). */
function parseKeyFile(text: string): string {
  const key = (text.split(/\r?\n/)[0] ?? '').trim();
  if (!KEY_PATTERN.test(key)) {
    throw new Error('the file must hold the key on its first line (printable ASCII, no spaces)');
  }
  return key;
}

export function fixedApiKey(key: string): ApiKeySource {
  return {
    current: () => key,
    reload: () => Promise.resolve({ outcome: 'not-a-file' }),
  };
}

/** Reads the file now (synchronously: start-up refuses a bad file) and on reload(). */
export function apiKeyFromFile(path: string): ApiKeySource {
  let key = parseKeyFile(readFileSync(path, 'utf8'));
  return {
    current: () => key,
    async reload() {
      let next: string;
      try {
        next = parseKeyFile(await readFile(path, 'utf8'));
      } catch (error) {
        // The message of an fs error names the path, never the content.
        return { outcome: 'failed', reason: error instanceof Error ? error.message : 'unreadable' };
      }
      const outcome = next === key ? 'unchanged' : 'reloaded';
      key = next;
      return { outcome, fingerprint: keyFingerprint(key) };
    },
  };
}
