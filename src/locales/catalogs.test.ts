import { compileMessage } from '@lingui/message-utils/compileMessage';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LATER_PARTS, SHARED_MESSAGES, ownerOfMessage, partOfMessage } from './parts.ts';

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

function sourcesOf(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourcesOf(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('message ownership', () => {
  const english = catalogs.en!;
  const featuresDir = join(dir, '..', 'features');
  const outside = ['components', 'lib'].flatMap((folder) => sourcesOf(join(dir, '..', folder)));

  it('knows an owner or a shared namespace for every message', () => {
    const shared = new Set(SHARED_MESSAGES);
    const unknown = Object.keys(english).filter(
      (key) => ownerOfMessage(key) === undefined && !shared.has(key.split('.')[0] ?? ''),
    );
    expect(unknown).toEqual([]);
  });

  for (const feature of readdirSync(featuresDir)) {
    it(`${feature}: uses only its own messages and the shared ones`, () => {
      const borrowed = sourcesOf(join(featuresDir, feature)).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/'([a-z][A-Za-z]*(?:\.[\w]+)+)'/g)]
          .map((match) => match[1] ?? '')
          .filter((key) => key in english)
          .filter((key) => {
            const owner = ownerOfMessage(key);
            return owner !== undefined && owner !== feature;
          })
          .map((key) => `${file.slice(featuresDir.length + 1)}: ${key}`),
      );
      expect(borrowed).toEqual([]);
    });
  }

  it('shared UI and lib read no feature messages', () => {
    const borrowed = outside.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/'([a-z][A-Za-z]*(?:\.[\w]+)+)'/g)]
        .map((match) => match[1] ?? '')
        .filter((key) => key in english && ownerOfMessage(key) !== undefined)
        .map((key) => `${file}: ${key}`),
    );
    expect(borrowed).toEqual([]);
  });
});

describe('English in parts', () => {
  it('puts each message in one part, and every later part has messages', () => {
    const parts: Record<string, string[]> = {};
    for (const key of Object.keys(catalogs.en!)) (parts[partOfMessage(key)] ??= []).push(key);
    expect(Object.keys(parts).sort()).toEqual(['core', ...LATER_PARTS].sort());
    expect(parts.core).toEqual(expect.arrayContaining(['app.name', 'results.title']));
    expect(parts.hotel).toEqual(expect.arrayContaining(['rooms.list']));
    expect(parts.booking).toEqual(expect.arrayContaining(['prebook.restart.title']));
  });

  it("adds a feature's English in every route that draws that feature's components", () => {
    const routesDir = join(dir, '..', 'app', 'routes');
    const missing = readdirSync(routesDir)
      .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
      .flatMap((file) => {
        const source = readFileSync(join(routesDir, file), 'utf8');
        return LATER_PARTS.filter(
          (part) =>
            new RegExp(`from '\\.\\./\\.\\./features/${part}/[\\w-]+\\.tsx'`).test(source) &&
            !source.includes(`addEnglishMessages(${part}Messages)`),
        ).map((part) => `${file}: ${part}`);
      });
    expect(missing).toEqual([]);
  });
});
