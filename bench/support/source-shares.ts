// What a group of source modules adds to a set of built chunks: the chunks' bytes, raw and
// gzip, with and without the code their source maps say came from those modules. Gzip
// does not add up module by module, so the share is the difference the group makes to the
// compressed chunks, not a pro-rata part of them.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { TraceMap, decodedMappings } from '@jridgewell/trace-mapping';
import { gzipSync } from 'node:zlib';

export interface SourceShare {
  /** Minified bytes the group's modules take in the chunks. */
  raw: number;
  /** Gzip bytes the chunks would lose without them. */
  gzip: number;
  /** The group's modules found in the chunks, relative to the project. */
  modules: string[];
  /** Chunks with no source map (generated ones, such as the message catalogs): not read. */
  unmapped: string[];
}

/** Generated-code ranges [start, end) per source module, for one chunk and its map. */
function rangesBySource(code: string, map: TraceMap, project: string, mapDir: string) {
  const lineStarts = [0];
  for (let index = code.indexOf('\n'); index !== -1; index = code.indexOf('\n', index + 1)) {
    lineStarts.push(index + 1);
  }
  const sources = map.sources.map((source) =>
    relative(project, resolve(mapDir, map.sourceRoot ?? '', source ?? '')),
  );
  const ranges = new Map<string, [number, number][]>();
  decodedMappings(map).forEach((segments, line) => {
    const lineStart = lineStarts[line] ?? code.length;
    const lineEnd = (lineStarts[line + 1] ?? code.length + 1) - 1;
    segments.forEach((segment, index) => {
      // A segment runs to the next one on its line; one without a source is bundler glue.
      if (segment.length === 1) return;
      const source = sources[segment[1]];
      if (source === undefined) return;
      const next = segments[index + 1];
      const start = lineStart + segment[0];
      const end = next ? lineStart + next[0] : lineEnd;
      if (end <= start) return;
      const list = ranges.get(source) ?? [];
      list.push([start, end]);
      ranges.set(source, list);
    });
  });
  return ranges;
}

/**
 * The share of the modules `inGroup` accepts in the JS files `files` of the build in `root`
 * (built with source maps next to the files), or null when none of them has a map.
 */
export function sourceShare(
  root: string,
  files: readonly string[],
  inGroup: (module: string) => boolean,
  project: string = process.cwd(),
): SourceShare | null {
  let raw = 0;
  let gzip = 0;
  const modules = new Set<string>();
  const unmapped: string[] = [];
  for (const file of files) {
    const path = join(root, file);
    if (!existsSync(`${path}.map`)) {
      unmapped.push(file);
      continue;
    }
    const code = readFileSync(path, 'utf8');
    const map = new TraceMap(readFileSync(`${path}.map`, 'utf8'));
    const removed = new Uint8Array(code.length);
    for (const [source, list] of rangesBySource(code, map, project, dirname(path))) {
      if (!inGroup(source)) continue;
      modules.add(source);
      for (const [start, end] of list) removed.fill(1, start, end);
    }
    let kept = '';
    let from = -1;
    for (let index = 0; index <= code.length; index++) {
      const keep = index < code.length && removed[index] === 0;
      if (keep && from === -1) from = index;
      if (!keep && from !== -1) {
        kept += code.slice(from, index);
        from = -1;
      }
    }
    const whole = Buffer.from(code);
    const rest = Buffer.from(kept);
    raw += whole.length - rest.length;
    gzip += gzipSync(whole, { level: 9 }).length - gzipSync(rest, { level: 9 }).length;
  }
  if (unmapped.length === files.length) return null;
  return { raw, gzip, modules: [...modules].sort(), unmapped };
}
