import { describe, expect, it } from 'vitest';
import { redisServerArgs } from './redis-server-args.mjs';

describe('redisServerArgs', () => {
  it('binds loopback, saves nothing, never evicts, and asks for the password when given one', () => {
    const args = redisServerArgs({ port: 6390, dir: '/tmp/redis-test' });
    expect(args).toEqual([
      '--port',
      '6390',
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      '/tmp/redis-test',
      '--maxmemory-policy',
      'noeviction',
    ]);
    expect(redisServerArgs({ port: 6390, dir: '/tmp/redis-test', password: 'pw' })).toEqual([
      ...args,
      '--requirepass',
      'pw',
    ]);
  });
});
