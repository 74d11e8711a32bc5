import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_PATTERN } from '../src/contract/index.ts';
import { createBookingAccess, sandboxSecret } from './booking-access.ts';

const SECRET = 'a-booking-token-secret-for-this-test-only';

describe('booking access tokens', () => {
  it('are 22 URL-safe characters, one per booking and holder, whatever the case or accents', () => {
    const access = createBookingAccess([SECRET]);
    const token = access.tokenOf('AB12CD', 'Müller-Rao');
    expect(token).toMatch(ACCESS_TOKEN_PATTERN);
    expect(access.tokenOf('ab12cd', '  MULLER-rao ')).toBe(token);
    expect(access.verify(token, 'AB12CD', 'muller-rao')).toBe(true);
    expect(access.tokenOf('AB12CE', 'Müller-Rao')).not.toBe(token);
    expect(access.verify(token, 'AB12CD', 'Rao')).toBe(false);
    expect(access.verify(token, 'AB12CE', 'Müller-Rao')).toBe(false);
    expect(access.verify(`${token}=`, 'AB12CD', 'Müller-Rao')).toBe(false);
    expect(
      createBookingAccess(['another-secret-of-thirty-two-characters']).verify(
        token,
        'AB12CD',
        'Müller-Rao',
      ),
    ).toBe(false);
  });

  it('opens only with its own spelling, not another that decodes to the same bytes', () => {
    const access = createBookingAccess([SECRET]);
    const token = access.tokenOf('AB12CD', 'Rao');
    // The last character carries 2 bits: the next 3 letters of the alphabet share them.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(token.at(-1) ?? '');
    const sameBytes = [1, 2, 3].map((low) => `${token.slice(0, -1)}${alphabet[last + low]}`);
    for (const other of sameBytes) {
      expect(Buffer.from(other, 'base64url').equals(Buffer.from(token, 'base64url'))).toBe(true);
      expect(access.verify(other, 'AB12CD', 'Rao')).toBe(false);
    }
    expect(access.verify(token, 'AB12CD', 'Rao')).toBe(true);
  });

  it('signs with the first secret of a rotation and accepts every one', () => {
    const old = createBookingAccess([SECRET]).tokenOf('AB12CD', 'Rao');
    const rotating = createBookingAccess(['the-newest-secret-of-thirty-two-chars', SECRET]);
    expect(rotating.verify(old, 'AB12CD', 'Rao')).toBe(true);
    expect(rotating.tokenOf('AB12CD', 'Rao')).not.toBe(old);
  });
});

describe("the sandbox's secret", () => {
  it('is made once, beside the database, readable by its owner only, and kept across starts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'staylane-secret-'));
    const database = join(dir, 'data', 'sandbox.db');
    const first = sandboxSecret(database);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(sandboxSecret(database)).toBe(first);
    const file = join(dir, 'data', 'booking-access.secret');
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A database in memory keeps nothing: neither does its secret.
    expect(sandboxSecret(':memory:')).not.toBe(sandboxSecret(':memory:'));
  });

  it('refuses a file that holds no usable secret, naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'staylane-secret-'));
    writeFileSync(join(dir, 'booking-access.secret'), 'short\n');
    expect(() => sandboxSecret(join(dir, 'sandbox.db'))).toThrow(/booking-access\.secret/);
  });
});
