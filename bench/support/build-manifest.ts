// The browser build's manifest (Vite's .vite/manifest.json, written by `vite build
// --manifest`): which file holds each source module's chunk and which chunks it imports
// statically, for summing the JS a route needs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** Keyed by source module path (`src/app/routes/results.tsx`) or a shared chunk's name. */
export type BuildManifest = Record<string, ManifestChunk>;

export const MANIFEST_PATH = join('.vite', 'manifest.json');

/** The manifest of the build in `root`, or null when it was built without one. */
export function readBuildManifest(root: string): BuildManifest | null {
  const path = join(root, MANIFEST_PATH);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as BuildManifest) : null;
}

/** Chunks (manifest keys) reached by static imports from `keys`, themselves included. */
export function staticClosure(
  manifest: BuildManifest,
  keys: Iterable<string>,
  into: Set<string> = new Set(),
): Set<string> {
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return;
    into.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return into;
}

/** The app's entry chunk (index.html's script). */
export function entryKeyOf(manifest: BuildManifest): string | null {
  return Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? null;
}
