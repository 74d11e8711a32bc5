import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiKeyFromFile, fixedApiKey, keyFingerprint } from './api-key.ts';

function keyFile(content: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'staylane-key-')), 'key');
  writeFileSync(path, content);
  return path;
}

describe('API key from a file', () => {
  it('reads the first line, trimmed', () => {
    expect(apiKeyFromFile(keyFile('  key-one-111111  \nignored\n')).current()).toBe(
      'key-one-111111',
    );
  });

  it('refuses an empty file or a key with spaces at start-up', () => {
    expect(() => apiKeyFromFile(keyFile('\n'))).toThrow(/first line/);
    expect(() => apiKeyFromFile(keyFile('two words'))).toThrow(/first line/);
  });

  it('switches to the new key on reload and keeps the old one if the file is bad or gone', async () => {
    const path = keyFile('key-one-111111');
    const source = apiKeyFromFile(path);
    writeFileSync(path, 'key-two-222222\n');
    expect(source.current()).toBe('key-one-111111'); // until reloaded
    expect(await source.reload()).toEqual({
      outcome: 'reloaded',
      fingerprint: keyFingerprint('key-two-222222'),
    });
    expect(source.current()).toBe('key-two-222222');
    expect((await source.reload()).outcome).toBe('unchanged');

    writeFileSync(path, '');
    expect((await source.reload()).outcome).toBe('failed');
    rmSync(path);
    const gone = await source.reload();
    expect(gone.outcome).toBe('failed');
    expect(JSON.stringify(gone)).not.toContain('key-two');
    expect(source.current()).toBe('key-two-222222');
  });

  it('a fixed key has nothing to reload; fingerprints do not reveal the key', async () => {
    expect((await fixedApiKey('k').reload()).outcome).toBe('not-a-file');
    expect(keyFingerprint('key-two-222222')).toMatch(/^[0-9a-f]{8}$/);
    expect(keyFingerprint('key-two-222222')).not.toContain('222');
  });
});
