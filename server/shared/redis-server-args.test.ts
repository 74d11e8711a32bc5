import { describe, expect, it } from 'vitest';
import { redisServerArgs } from './redis-server-args.mjs';

/** The command line as flag → value (every flag of ours takes one value). */
function settings(args: string[]): Record<string, string> {
  const pairs: [string, string][] = [];
  for (let i = 0; i < args.length; i += 2) pairs.push([args[i]!, args[i + 1]!]);
  return Object.fromEntries(pairs);
}

describe('redisServerArgs', () => {
  it('binds loopback, saves nothing, never evicts, and asks for the password when given one', () => {
    const plain = settings(redisServerArgs({ port: 6390, dir: '/tmp/redis-test' }));
    expect(plain).toEqual({
      '--port': '6390',
      '--bind': '127.0.0.1',
      '--save': '',
      '--appendonly': 'no',
      '--dir': '/tmp/redis-test',
      '--maxmemory-policy': 'noeviction',
    });
    const locked = settings(
      redisServerArgs({ port: 6390, dir: '/tmp/redis-test', password: 'pw' }),
    );
    expect(locked).toEqual({ ...plain, '--requirepass': 'pw' });
  });
});
