// An organization is an API key; what the sandbox keeps about it (prebooks, bookings,
// idempotency records, booking tokens) is keyed by the key's SHA-256, never the key.
import { createHash } from 'node:crypto';

const known = new Map<string, string>();

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The organization id of an API key (memoized: there are a handful of keys). */
export function organizationOf(apiKey: string): string {
  let org = known.get(apiKey);
  if (org === undefined) {
    org = sha256Hex(`organization\n${apiKey}`);
    if (known.size < 1_000) known.set(apiKey, org);
  }
  return org;
}
