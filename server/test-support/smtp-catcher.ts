// A real SMTP server for tests (smtp-server) on a loopback port the system picks: it takes
// every message whole and keeps it, parsed (mailparser), and it can be stopped and started
// again on the same port, as an SMTP server that goes down and comes back.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpCatcher {
  url: string;
  /** The messages taken so far, in order, parsed. */
  messages: ParsedMail[];
  /** Resolves once `count` messages have been taken. */
  received(count: number): Promise<ParsedMail[]>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const messages: ParsedMail[] = [];
  let wanted: { count: number; resolve: () => void }[] = [];
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, done) {
        simpleParser(stream)
          .then((parsed) => {
            messages.push(parsed);
            wanted = wanted.filter((wait) => {
              if (messages.length < wait.count) return true;
              wait.resolve();
              return false;
            });
            done();
          })
          .catch((error: unknown) => {
            done(error instanceof Error ? error : new Error('unreadable message'));
          });
      },
    });
  let server = make();
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  let running = true;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    received: (count) =>
      new Promise<ParsedMail[]>((resolve) => {
        if (messages.length >= count) resolve(messages);
        else wanted.push({ count, resolve: () => resolve(messages) });
      }),
    stop: async () => {
      if (!running) return;
      running = false;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
      });
    },
    start: async () => {
      if (running) return;
      server = make();
      server.listen(port, '127.0.0.1');
      await once(server.server, 'listening');
      running = true;
    },
  };
}
