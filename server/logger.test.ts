import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_LOG_FLUSH_MS, accessLogger, createAccessLog } from './logger.ts';
import { memoryLogger } from './test-support/silent-logger.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A node process that writes one access line and then ends as `ending` says; its stdout. */
function accessLineThenExit(ending: string): Promise<{ stdout: string; code: number | null }> {
  const script = [
    "import { createAccessLog } from './server/logger.ts';",
    "createAccessLog('info').info({ path: '/api/health' }, 'request');",
    ending,
  ].join('\n');
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      resolve({ stdout, code });
    });
  });
}

describe('logger redaction', () => {
  it('redacts keys, credentials and personal data wherever a log object holds them', () => {
    const { logger, lines } = memoryLogger();
    logger.info({
      apiKey: 'secret-1',
      headers: {
        'x-api-key': 'secret-2',
        authorization: 'Bearer secret-3',
        cookie: 'sid=secret-4',
      },
      booking: {
        holder: {
          first_name: 'Asha',
          last_name: 'Rao',
          email: 'a@example.com',
          phone: '+91 98765 43210',
        },
        guests: [{ first_name: 'Asha', last_name: 'Rao' }],
      },
      guest: { email: 'b@example.com', phone: '+33 1 23 45 67 89', last_name: 'Dupont' },
    });
    const line = lines.join('\n');
    for (const secret of [
      'secret-1',
      'secret-2',
      'secret-3',
      'secret-4',
      'Asha',
      'Rao',
      'example.com',
      '98765',
      'Dupont',
      '45 67',
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('[redacted]');
  });

  it('keeps redacting everything but the access line, which holds no personal field', () => {
    const { logger, lines } = memoryLogger();
    const access = accessLogger(logger);
    access.info({ method: 'GET', path: '/api/hotels/search/abc/prices', status: 200 }, 'request');
    logger.info({ guest: { email: 'b@example.com' } }, 'other');
    const [request, other] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(request).toMatchObject({ msg: 'request', path: '/api/hotels/search/abc/prices' });
    expect(other).toMatchObject({ msg: 'other', guest: { email: '[redacted]' } });
  });
});

describe('the access log of a running server', () => {
  it('writes its lines in batches, each within a quarter second', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'staylane-access-'));
    dirs.push(dir);
    const file = join(dir, 'access.log');
    const access = createAccessLog('info', openSync(file, 'w'));
    access.info({ method: 'GET', path: '/api/health', status: 200 }, 'request');
    access.info({ method: 'GET', path: '/api/health/ready', status: 200 }, 'request');
    // Nothing is written per line: the two wait for the batch.
    expect(readFileSync(file, 'utf8')).toBe('');
    await vi.waitFor(
      () => {
        expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(2);
      },
      { timeout: ACCESS_LOG_FLUSH_MS * 8, interval: 20 },
    );
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line.path)).toEqual(['/api/health', '/api/health/ready']);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'request', status: 200 });
    expect(typeof lines[0]?.time).toBe('string');
  });

  it('loses no waiting line when the process exits, nor when it dies of an uncaught error', async () => {
    const exited = await accessLineThenExit('process.exit(0);');
    expect(exited.code).toBe(0);
    expect(exited.stdout).toContain('"path":"/api/health"');
    const crashed = await accessLineThenExit("throw new Error('boom');");
    expect(crashed.code).not.toBe(0);
    expect(crashed.stdout).toContain('"path":"/api/health"');
  });
});
