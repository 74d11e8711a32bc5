import { compileMessage } from '@lingui/message-utils/compileMessage';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname);
const catalogs = Object.fromEntries(
  readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [
      file.slice(0, 2),
      JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, string>,
    ]),
);

/** The placeholders and plural/select arguments a message uses. */
function argumentsOf(message: string): string[] {
  return [...message.matchAll(/\{\s*([A-Za-z_][\w]*)/g)].map((m) => m[1] ?? '').sort();
}

describe('UI message catalogs', () => {
  it('exist for at least English, French, Spanish, Hindi and Arabic', () => {
    expect(Object.keys(catalogs)).toEqual(expect.arrayContaining(['en', 'fr', 'es', 'hi', 'ar']));
  });

  for (const [language, messages] of Object.entries(catalogs)) {
    it(`${language}: has every English key, compiles, and uses the same arguments`, () => {
      const english = catalogs.en!;
      expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(messages)) {
        expect(() => compileMessage(text), `${language} ${key}`).not.toThrow();
        expect(argumentsOf(text), `${language} ${key}`).toEqual(argumentsOf(english[key] ?? ''));
      }
    });
  }
});
