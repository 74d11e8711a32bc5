// The mail catcher (server/mail/catcher.ts) for tests, as an SMTP server that can go down
// and come back on the same port: what it caught before and after is one list.
import type { ParsedMail } from 'mailparser';
import { startMailCatcher, type MailCatcher } from '../mail/catcher.ts';

export interface SmtpCatcher {
  url: string;
  /** The messages taken so far, in order, parsed. */
  messages: ParsedMail[];
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const messages: ParsedMail[] = [];
  const begin = (port?: number) =>
    startMailCatcher({ port, onMessage: ({ mail }) => messages.push(mail) });
  let running: MailCatcher | null = await begin();
  const { port, url } = running;
  return {
    url,
    messages,
    stop: async () => {
      await running?.close();
      running = null;
    },
    start: async () => {
      running ??= await begin(port);
    },
  };
}
