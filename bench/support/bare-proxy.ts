// The yardstick of the app server's overhead: a bare node:http pass-through proxy in
// front of the same sandbox, with what any proxy needs (keep-alive to the upstream, the
// key added) and nothing of ours: no validation, no limits, no logging, no metrics.
// `UPSTREAM` is the sandbox's base URL. Prints `PORT <n>` on stderr when listening.
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_DEMO_KEY } from '../../server/sandbox/options.ts';

const upstream = new URL(process.env.UPSTREAM ?? '');
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

const server = createServer((incoming, outgoing) => {
  const forwarded = request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: incoming.method,
      path: incoming.url,
      agent,
      headers: { ...incoming.headers, host: upstream.host, 'x-api-key': SANDBOX_DEMO_KEY },
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  forwarded.on('error', () => {
    outgoing.writeHead(502).end();
  });
  incoming.pipe(forwarded);
});
server.listen(0, '127.0.0.1', () => {
  process.stderr.write(`PORT ${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  process.exit(0);
});
