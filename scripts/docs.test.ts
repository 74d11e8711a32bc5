// The README stays a front door a newcomer reads in minutes (under 8 KB: settings and
// figures belong in docs/), and the documentation stays navigable: every relative link in
// README.md and docs/ points at a file that exists (and at a heading of it, when it names
// one), and every section a code comment cites by title ("docs/api.md" followed by the
// quoted title) is a heading of that page.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const README = join(ROOT, 'README.md');
const README_MAX_BYTES = 8 * 1024;
const CODE_DIRS = ['src', 'server', 'scripts', 'bench', 'e2e'];
const CODE_FILE = /\.(ts|tsx|js|mjs)$/;
const ROOT_CODE_FILES = ['eslint.config.js', 'vite.config.ts', 'playwright.config.ts'];

function filesUnder(dir: string, wanted: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path, wanted);
    return wanted.test(entry.name) ? [path] : [];
  });
}

const markdownFiles = [README, ...filesUnder(join(ROOT, 'docs'), /\.md$/)];

/** The lines outside fenced code blocks (a fence's own lines become blank). */
function outsideFences(markdown: string): string[] {
  let inFence = false;
  return markdown.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      return '';
    }
    return inFence ? '' : line;
  });
}

/** Heading texts of a Markdown file, as written (without the #s). */
function headingsOf(file: string): string[] {
  return outsideFences(readFileSync(file, 'utf8')).flatMap((line) => {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    return heading?.[1] ? [heading[1]] : [];
  });
}

/** The anchors GitHub gives those headings: lower case, punctuation dropped, spaces → "-". */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  return new Set(
    headingsOf(file).map((heading) => {
      const base = heading
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
        .replace(/ /g, '-');
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      return count === 0 ? base : `${base}-${count}`;
    }),
  );
}

/** [text](target) and ![alt](target) links whose target is in this repository. */
function relativeLinksOf(file: string): string[] {
  const links: string[] = [];
  // Inline code is left out: a link written in code is an example, not a link.
  const text = outsideFences(readFileSync(file, 'utf8'))
    .map((line) => line.replace(/`[^`]*`/g, ''))
    .join('\n');
  for (const match of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = match[1] ?? '';
    if (!/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(target)) links.push(target);
  }
  return links;
}

/** Where a link leads, or what is wrong with it. */
function brokenLink(from: string, target: string): string | null {
  const [path = '', anchor] = target.split('#');
  const file = path === '' ? from : resolve(dirname(from), decodeURIComponent(path));
  if (!existsSync(file)) return `${target}: no such file`;
  if (anchor !== undefined && anchor !== '' && file.endsWith('.md')) {
    if (!anchorsOf(file).has(decodeURIComponent(anchor).toLowerCase())) {
      return `${target}: no heading with that anchor`;
    }
  }
  return null;
}

describe('README and docs', () => {
  it('the README stays under 8 KB', () => {
    expect(statSync(README).size).toBeLessThan(README_MAX_BYTES);
  });

  it('every relative link in README.md and docs/ points at a file (and heading) that exists', () => {
    const broken = markdownFiles.flatMap((file) =>
      relativeLinksOf(file).flatMap((target) => {
        const problem = brokenLink(file, target);
        return problem ? [`${relative(ROOT, file)}: ${problem}`] : [];
      }),
    );
    expect(markdownFiles.length).toBeGreaterThan(5);
    expect(broken).toEqual([]);
  });

  it('every section a code comment cites by title exists', () => {
    const codeFiles = [
      ...CODE_DIRS.flatMap((dir) => filesUnder(join(ROOT, dir), CODE_FILE)),
      ...ROOT_CODE_FILES.map((name) => join(ROOT, name)).filter((path) => existsSync(path)),
    ];
    const cited: string[] = [];
    const missing: string[] = [];
    for (const file of codeFiles) {
      // A citation may run over two comment lines: join them first.
      const text = readFileSync(file, 'utf8').replace(/\n[ \t]*(?:\/\/|\*)[ \t]?/g, ' ');
      for (const match of text.matchAll(
        /\b(docs\/[\w./-]+\.md|README(?:\.md)?),\s+((?:"[^"\n]+"(?:,\s*|\s+and\s+)?)+)/g,
      )) {
        const page = join(ROOT, match[1] === 'README' ? 'README.md' : (match[1] ?? ''));
        for (const title of (match[2] ?? '').matchAll(/"([^"]+)"/g)) {
          const where = `${relative(ROOT, file)}: ${match[1] ?? ''}, "${title[1] ?? ''}"`;
          cited.push(where);
          if (!existsSync(page) || !headingsOf(page).includes(title[1] ?? '')) missing.push(where);
        }
      }
    }
    expect(cited.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });
});
