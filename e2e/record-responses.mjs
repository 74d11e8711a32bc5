// Preloaded into the e2e servers (`node --import ./e2e/record-responses.mjs …`, see
// playwright.config.ts): scans every HTTP answer the server sends — status line,
// headers and the body, decompressed — and every byte it writes to stdout and stderr
// (its log) for the keys in SECRET_SCAN_KEYS, in the forms a careless encoding would
// give them, and for the secret that signs bookings' access tokens (BOOKING_TOKEN_SECRET,
// or the one a sandbox-mode server keeps beside SANDBOX_DB, read once it exists). It only
// watches: nothing the server sends or writes is changed.
//
// SECRET_SCAN_REPORT names a JSON file, rewritten after every answer (the server is
// killed at the end of the run, so nothing waits for an exit): how many answers, bytes
// and log writes were scanned, and every hit, with the key masked.
// scripts/scan-secrets.ts reads it after the e2e run (npm test).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

const reportPath = process.env.SECRET_SCAN_REPORT;
const keys = [
  process.env.SECRET_SCAN_KEYS ?? '',
  process.env.HOTEL_API_KEY ?? '',
  process.env.BOOKING_TOKEN_SECRET ?? '',
  urlPassword(process.env.REDIS_URL),
  urlPassword(process.env.SMTP_URL),
]
  .join(',')
  .split(',')
  .map((key) => key.trim())
  .filter(Boolean);

/** The password in REDIS_URL or SMTP_URL, which must never show either. */
function urlPassword(url) {
  if (!url) return '';
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return '';
  }
}

/** The same forms as server/test-support/secret-scan.ts. */
function formsOf(secret) {
  const bytes = Buffer.from(secret, 'utf8');
  return [
    ['raw', secret],
    ['base64', bytes.toString('base64').replace(/=+$/, '')],
    ['base64url', bytes.toString('base64url')],
    ['hex', bytes.toString('hex')],
    ['url-encoded', encodeURIComponent(secret)],
    ['prefix', secret.slice(0, Math.max(8, Math.ceil((secret.length * 2) / 3)))],
  ];
}

if (reportPath && keys.length > 0) {
  const forms = keys.flatMap(formsOf);
  const report = {
    pid: process.pid,
    keys: keys.length,
    forms: forms.length,
    responses: 0,
    bodyBytes: 0,
    logWrites: 0,
    logBytes: 0,
    // For the faults spec's figures: answers by status, and the server's upstream retries.
    statuses: {},
    upstreamRetries: 0,
    /** From the access log (LOG_LEVEL info): /api requests and the upstream attempts they took. */
    apiRequests: 0,
    upstreamAttempts: 0,
    hits: [],
  };
  fs.mkdirSync(path.dirname(reportPath), { recursive: true });
  const save = () => {
    try {
      fs.writeFileSync(reportPath, JSON.stringify(report, null, 1));
    } catch {
      // a report that cannot be written shows up as missing in the scan
    }
  };
  save();

  // The sandbox's token secret is made by the server after this file is loaded.
  const sandboxSecretFile = process.env.SANDBOX_DB
    ? path.join(path.dirname(process.env.SANDBOX_DB), 'booking-access.secret')
    : null;
  let sandboxSecretRead = false;
  const readSandboxSecret = () => {
    if (sandboxSecretRead || !sandboxSecretFile || process.env.BOOKING_TOKEN_SECRET) return;
    try {
      const secret = fs.readFileSync(sandboxSecretFile, 'utf8').trim();
      if (!secret) return;
      forms.push(...formsOf(secret));
      report.keys += 1;
      report.forms = forms.length;
      sandboxSecretRead = true;
    } catch {
      // not made yet
    }
  };

  const scan = (where, text) => {
    readSandboxSecret();
    const lower = text.toLowerCase();
    for (const [form, needle] of forms) {
      const at = form === 'hex' ? lower.indexOf(needle.toLowerCase()) : text.indexOf(needle);
      if (at >= 0) {
        const context = text
          .slice(Math.max(0, at - 60), at + needle.length + 60)
          .split(needle)
          .join('[SECRET]');
        report.hits.push({ where, form, context });
      }
    }
  };

  const decode = (body, encoding) => {
    try {
      if (encoding === 'br') return zlib.brotliDecompressSync(body);
      if (encoding === 'gzip') return zlib.gunzipSync(body);
      if (encoding === 'deflate') return zlib.inflateSync(body);
    } catch {
      // scanned as it is
    }
    return body;
  };

  const toBuffer = (chunk, encoding) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return null;
    if (typeof chunk === 'string')
      return Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8');
    if (chunk instanceof Uint8Array)
      return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    return null;
  };

  const proto = http.ServerResponse.prototype;
  const { writeHead, write, end } = proto;
  const CHUNKS = Symbol('scanChunks');
  const HEAD = Symbol('scanHead');

  proto.writeHead = function scanWriteHead(status, ...rest) {
    try {
      const headers = rest.find((arg) => typeof arg === 'object' && arg !== null);
      this[HEAD] = { status, headers };
    } catch {
      // only watching
    }
    return writeHead.call(this, status, ...rest);
  };
  proto.write = function scanWrite(chunk, encoding, ...rest) {
    try {
      const buffer = toBuffer(chunk, encoding);
      if (buffer) (this[CHUNKS] ??= []).push(Buffer.from(buffer));
    } catch {
      // only watching
    }
    return write.call(this, chunk, encoding, ...rest);
  };
  proto.end = function scanEnd(chunk, encoding, ...rest) {
    try {
      const buffer = toBuffer(chunk, encoding);
      if (buffer) (this[CHUNKS] ??= []).push(Buffer.from(buffer));
      const headers = { ...this.getHeaders() };
      const head = this[HEAD]?.headers;
      if (Array.isArray(head)) {
        for (let i = 0; i + 1 < head.length; i += 2)
          headers[String(head[i]).toLowerCase()] = head[i + 1];
      } else if (head) {
        for (const [name, value] of Object.entries(head)) headers[name.toLowerCase()] = value;
      }
      const body = decode(
        Buffer.concat(this[CHUNKS] ?? []),
        String(headers['content-encoding'] ?? ''),
      );
      const where = `${this.req?.method ?? '?'} ${this.req?.url ?? '?'} → ${this[HEAD]?.status ?? this.statusCode}`;
      scan(
        `${where} headers`,
        Object.entries(headers)
          .map(([n, v]) => `${n}: ${String(v)}`)
          .join('\n'),
      );
      scan(`${where} body`, body.toString('utf8'));
      report.responses++;
      report.bodyBytes += body.length;
      const status = String(this[HEAD]?.status ?? this.statusCode);
      report.statuses[status] = (report.statuses[status] ?? 0) + 1;
      this[CHUNKS] = undefined;
      save();
    } catch {
      // only watching
    }
    return end.call(this, chunk, encoding, ...rest);
  };

  // The log: pino writes to fd 1 with fs.write/fs.writeSync; other lines use process.stdout,
  // which for a file writes with fs.writeSync in turn (counted once: see inStream).
  let inStream = 0;
  const scanLog = (fd, data, encoding, fromStream = false) => {
    try {
      if (fd !== 1 && fd !== 2) return;
      if (inStream > 0 && !fromStream) return;
      const buffer = toBuffer(data, encoding);
      if (!buffer) return;
      report.logWrites++;
      report.logBytes += buffer.length;
      const text = buffer.toString('utf8');
      report.upstreamRetries += text.split('upstream attempt failed; retrying').length - 1;
      for (const match of text.matchAll(
        /"path":"\/api\/[^"]*","status":\d+,[^\n]*?"upstream_attempts":(\d+)/g,
      )) {
        report.apiRequests++;
        report.upstreamAttempts += Number(match[1]);
      }
      scan(`log (fd ${fd})`, text);
    } catch {
      // only watching
    }
  };
  const { write: fsWrite, writeSync: fsWriteSync } = fs;
  fs.write = function scanFsWrite(fd, data, ...rest) {
    scanLog(fd, data, typeof rest[0] === 'string' ? rest[0] : rest[1]);
    return fsWrite.call(this, fd, data, ...rest);
  };
  fs.writeSync = function scanFsWriteSync(fd, data, ...rest) {
    scanLog(fd, data, typeof rest[0] === 'string' ? rest[0] : rest[1]);
    return fsWriteSync.call(this, fd, data, ...rest);
  };
  for (const [fd, stream] of [
    [1, process.stdout],
    [2, process.stderr],
  ]) {
    const original = stream.write;
    stream.write = function scanStreamWrite(data, encoding, ...rest) {
      scanLog(fd, data, encoding, true);
      inStream++;
      try {
        return original.call(this, data, encoding, ...rest);
      } finally {
        inStream--;
      }
    };
  }
}
