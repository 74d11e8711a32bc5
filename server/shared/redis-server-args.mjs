// @ts-check
// The command line of a throwaway redis-server: loopback only, no persistence, its files in
// `dir`, and the eviction policy production must use (docs/configuration.md, "Redis").
// Plain JavaScript, so that scripts/cluster.mjs (plain Node) and the TypeScript tests,
// Playwright's config among them, start Redis with the same arguments. Its types are in
// redis-server-args.d.mts (TypeScript reads those in its place; editors check this file
// against them), and redis-server-args.test.ts pins what it returns.

/** @type {typeof import('./redis-server-args.mjs').redisServerArgs} */
export const redisServerArgs = (options) => [
  '--port',
  String(options.port),
  '--bind',
  '127.0.0.1',
  '--save',
  '',
  '--appendonly',
  'no',
  '--dir',
  options.dir,
  '--maxmemory-policy',
  'noeviction',
  ...(options.password ? ['--requirepass', options.password] : []),
];
