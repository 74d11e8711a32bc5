import { describe, expect, it } from 'vitest';
import { accessLogger } from './logger.ts';
import { memoryLogger } from './test-support/silent-logger.ts';

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
