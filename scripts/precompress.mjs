// Writes .br and .gz beside every compressible file of the client build, so the
// server sends compressed bytes without compressing on each request.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist/client';
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

let files = 0;
for (const path of walk(root)) {
  if (!COMPRESSIBLE.test(path)) continue;
  const body = readFileSync(path);
  if (body.length < 512) continue;
  // The map's data (the basemap, hundreds of cells) at brotli 9: 11 would add seconds to
  // every build for a few per cent fewer bytes.
  const quality = path.endsWith('.json') ? 9 : 11;
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }),
  );
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  files++;
}
console.log(`precompressed ${files} files in ${root}`);
