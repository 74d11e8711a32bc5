// `npm run sandbox`: the hotel API sandbox on its own port, endpoints at the root, so
// http://127.0.0.1:8090 is a {base_url} like any other (SANDBOX_PORT, SANDBOX_HOST).
import { serve } from '@hono/node-server';
import { createSandbox } from './app.ts';
import { SandboxConfigError, sandboxOptionsFromEnv } from './config.ts';
import { GEO_ATTRIBUTION } from './inventory/geo.ts';

/** SANDBOX_PORT, or a problem naming it. */
function portFromEnv(): number | string {
  const raw = process.env.SANDBOX_PORT ?? '';
  if (raw === '') return 8090;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535) {
    return `SANDBOX_PORT: must be a port number, not "${raw}"`;
  }
  return Number(raw);
}

function main(): void {
  const port = portFromEnv();
  const host = process.env.SANDBOX_HOST || '127.0.0.1';
  let options;
  try {
    options = sandboxOptionsFromEnv(process.env, { publicBaseUrl: `http://${host}:${port}` });
    if (typeof port === 'string') throw new SandboxConfigError([port]);
  } catch (error) {
    if (error instanceof SandboxConfigError) {
      // Every wrong variable at once, the port included.
      const problems =
        typeof port === 'string' && !error.problems.includes(port)
          ? [port, ...error.problems]
          : error.problems;
      process.stderr.write(`${new SandboxConfigError(problems).message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (typeof port === 'string') return; // reported above
  const started = performance.now();
  const sandbox = createSandbox(options);
  const { inventory } = sandbox.context;
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const server = serve({ fetch: sandbox.app.fetch, port, hostname: host }, (info) => {
    process.stdout.write(
      `Hotel API sandbox on http://${host}:${info.port} ` +
        `(seed "${options.seed}", ${inventory.geography.cities.length} cities, ` +
        `${inventory.mappedHotelCount} hotels, ready in ${seconds} s; ` +
        `keys: ${options.apiKeys.length}). ${GEO_ATTRIBUTION}.\n`,
    );
  });
  const stop = () => {
    sandbox.close();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main();
