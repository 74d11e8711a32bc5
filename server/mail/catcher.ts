// A mail catcher: a real SMTP server (smtp-server) on a loopback port the system picks,
// which takes every message whole and keeps the newest ones parsed (mailparser). Sandbox
// mode sends its booking e-mails to one, and /sandbox/outbox shows what it caught; the
// tests catch with it too. It delivers nothing anywhere.
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  id: string;
  receivedAt: Date;
  mail: ParsedMail;
}

export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL or the sandbox's mailer. */
  url: string;
  port: number;
  /** What was caught, oldest first (at most `keep`). */
  messages(): readonly CaughtMail[];
  find(id: string): CaughtMail | undefined;
  close(): Promise<void>;
}

/** A message bigger than this is refused: ours are a few tens of kilobytes. */
const MAX_MESSAGE_BYTES = 1024 * 1024;

export async function startMailCatcher({
  port = 0,
  keep = 50,
  onMessage,
}: {
  /** 0: one the system picks. */
  port?: number;
  /** The newest this many are kept; older ones are forgotten. */
  keep?: number;
  /** Called with each message as it is caught, before SMTP says it was taken. */
  onMessage?: (message: CaughtMail) => void;
} = {}): Promise<MailCatcher> {
  const caught: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // On loopback only: nothing travels over a network, so no certificate to keep.
    disabledCommands: ['STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          if (stream.sizeExceeded) {
            throw Object.assign(new Error('message too big'), { responseCode: 552 });
          }
          const message = { id: randomUUID(), receivedAt: new Date(), mail };
          caught.push(message);
          if (caught.length > keep) caught.splice(0, caught.length - keep);
          onMessage?.(message);
          done();
        })
        .catch((error: unknown) => {
          done(error instanceof Error ? error : new Error('unreadable message'));
        });
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    messages: () => caught,
    find: (id) => caught.find((message) => message.id === id),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}
