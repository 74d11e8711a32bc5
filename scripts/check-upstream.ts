// `npm run check-upstream -- --base-url URL --key-file FILE [--language fr] [--query Paris]
// [--book [--i-understand-this-books]] [--json]`: walks a hotel API environment as the app
// does and says where it differs from what the app relies on (server/upstream/conformance.ts).
// Exit 0: nothing the app relies on differs; 1: something does; 2: the command was wrong.
// The key is read from a file and never printed.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { resolveLanguage } from '../src/contract/index.ts';
import { isLoopback } from '../server/config.ts';
import { checkUpstream, formatReport } from '../server/upstream/conformance.ts';

function fail(message: string): never {
  process.stderr.write(`check-upstream: ${message}\n`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      'base-url': { type: 'string' },
      'key-file': { type: 'string' },
      language: { type: 'string', default: 'en' },
      query: { type: 'string', default: 'Paris' },
      book: { type: 'boolean', default: false },
      'i-understand-this-books': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
    strict: true,
  }));
} catch (error) {
  fail(error instanceof Error ? error.message : 'unreadable arguments');
}

const baseUrl = values['base-url'];
if (!baseUrl) fail('--base-url is required (https://api.example.com/v1)');
let url: URL;
try {
  url = new URL(baseUrl);
} catch {
  fail('--base-url must be an http(s) URL');
}
if (url.protocol !== 'https:' && url.protocol !== 'http:')
  fail('--base-url must be an http(s) URL');
const keyFile = values['key-file'];
if (!keyFile) fail('--key-file is required: a file holding the API key (never the key itself)');
let apiKey: string;
try {
  apiKey = readFileSync(keyFile, 'utf8').trim();
} catch {
  fail(`--key-file ${keyFile} cannot be read`);
}
if (!apiKey) fail(`--key-file ${keyFile} is empty`);
// A real booking costs a real hotel a room: only on this machine unless said out loud.
if (values.book && !isLoopback(url) && !values['i-understand-this-books']) {
  fail(
    `--book makes and cancels a real booking at ${url.host}; add --i-understand-this-books to do that anywhere but this machine`,
  );
}

const report = await checkUpstream({
  baseUrl,
  apiKey,
  language: resolveLanguage(values.language),
  query: values.query,
  book: values.book,
});
process.stdout.write(
  values.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}\n`,
);
process.exit(report.ok ? 0 : 1);
