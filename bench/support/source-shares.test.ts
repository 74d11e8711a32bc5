import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { sourceShare } from './source-shares.ts';

// A chunk of three modules' code on one line, as a minifier writes it, and its source map:
// columns 0, 600 and 1,200 start the code of src/a.ts, src/b.ts and src/c.ts.
const part = (letter: string) =>
  `var ${letter}=${JSON.stringify(letter.repeat(100))};`.padEnd(600, ' ');
const CODE = part('a') + part('b') + part('c');
// Base64 VLQ: "AAAA" is column 0 of source 0; "wlBCAA" moves 600 columns on, one source on.
const MAP = {
  version: 3,
  sources: ['../src/a.ts', '../src/b.ts', '../src/c.ts'],
  names: [],
  mappings: 'AAAA,wlBCAA,wlBCAA',
};

let project = '';
afterEach(() => rmSync(project, { recursive: true, force: true }));

function build(files: Record<string, string>) {
  project = mkdtempSync(join(tmpdir(), 'staylane-shares-'));
  mkdirSync(join(project, 'dist'));
  for (const [name, body] of Object.entries(files))
    writeFileSync(join(project, 'dist', name), body);
  return join(project, 'dist');
}

describe('sourceShare', () => {
  it('counts the bytes a module put in a chunk, and what gzip loses without them', () => {
    const root = build({ 'chunk.js': CODE, 'chunk.js.map': JSON.stringify(MAP) });
    const share = sourceShare(root, ['chunk.js'], (module) => module === 'src/b.ts', project);
    const without = part('a') + part('c');
    expect(share).toEqual({
      raw: 600,
      gzip: gzipSync(CODE, { level: 9 }).length - gzipSync(without, { level: 9 }).length,
      modules: ['src/b.ts'],
      unmapped: [],
    });
    expect(share?.gzip).toBeGreaterThan(0);
  });

  it('runs the last module of a line to the end of the line', () => {
    const root = build({ 'chunk.js': CODE, 'chunk.js.map': JSON.stringify(MAP) });
    const share = sourceShare(root, ['chunk.js'], (module) => module === 'src/c.ts', project);
    expect(share?.raw).toBe(600);
  });

  it('names chunks without a map and reads the others; null when none has one', () => {
    const root = build({
      'chunk.js': CODE,
      'chunk.js.map': JSON.stringify(MAP),
      'messages.js': 'export default {"hello":"Hello"};',
    });
    const inA = (module: string) => module === 'src/a.ts';
    expect(sourceShare(root, ['chunk.js', 'messages.js'], inA, project)).toMatchObject({
      raw: 600,
      modules: ['src/a.ts'],
      unmapped: ['messages.js'],
    });
    expect(sourceShare(root, ['messages.js'], inA, project)).toBeNull();
  });
});
