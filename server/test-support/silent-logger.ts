// A pino logger that writes to memory, so tests can read (and scan) every log line.
import { Writable } from 'node:stream';
import { createLogger } from '../logger.ts';

export function memoryLogger(level = 'info') {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger({ level, destination }), lines };
}
