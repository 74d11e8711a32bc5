// The sandbox on its own socket, like `npm run sandbox`: the "direct" side of the
// proxy benchmark. Prints `PORT <n>` on stderr when listening.
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createSandbox } from '../../server/sandbox/app.ts';
import { sandboxOptionsFromEnv } from '../../server/sandbox/config.ts';

const port = Number(process.env.BENCH_SANDBOX_PORT ?? 0);
const sandbox = createSandbox(sandboxOptionsFromEnv(process.env, { publicBaseUrl: '' }));
const server = serve(
  { fetch: sandbox.app.fetch, port, hostname: '127.0.0.1' },
  (info: AddressInfo) => {
    process.stderr.write(`PORT ${info.port}\n`);
  },
);
process.on('SIGTERM', () => {
  server.close();
  sandbox.close();
  process.exit(0);
});
