// The client as production serves it, built into a temporary folder (the working
// tree's dist/ is left alone): vite build with its manifest (which chunk a route
// needs, bench/route-js.ts) and hidden source maps (which module the bytes of a chunk came
// from; no file points to them, so the chunks are byte for byte what production sends),
// then the precompressed .br and .gz files the server sends.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand } from './processes.ts';

export async function buildClient(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'staylane-bench-client-'));
  await runCommand(
    'npx',
    [
      'vite',
      'build',
      '--manifest',
      '--sourcemap',
      'hidden',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { quiet: true },
  );
  await runCommand(process.execPath, ['scripts/precompress.mjs', outDir], { quiet: true });
  return outDir;
}
