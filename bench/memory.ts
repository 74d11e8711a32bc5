// Server memory under polling shoppers: `npm run soak`'s machinery (scripts/soak.ts,
// the app server with its embedded sandbox in a process of its own, sampled for RSS
// and live sessions) with 100 shoppers for 5 minutes and no greedy clients. As in the
// soak, the sandbox clock runs ×4 so the 15-minute sessions expire inside the run and
// memory can be seen to stay bounded.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand } from './support/processes.ts';

export interface MemoryUnderLoad {
  shoppers: number;
  minutes: number;
  clockSpeed: number;
  requests: number;
  errors: number;
  rssStartMb: number;
  rssEndMb: number;
  rssMaxMb: number;
  rssTrendLastHalfMbPerMin: number;
  heapStartMb: number;
  heapEndMb: number;
  sessions: { created: number; maxLive: number; liveAtEnd: number; freed: number };
}

interface SoakReport {
  options: { shoppers: number; minutes: number; clockSpeed: number };
  requests: number;
  errors: { total: number };
  memory: {
    rssStartMb: number;
    rssEndMb: number;
    rssMaxMb: number;
    rssTrendLastHalfMbPerMin: number;
    heapStartMb: number;
    heapEndMb: number;
  };
  sessions: { created: number; maxLive: number; liveAtEnd: number; freed: number };
}

export async function measureMemory(shoppers: number, minutes: number): Promise<MemoryUnderLoad> {
  const dir = mkdtempSync(join(tmpdir(), 'staylane-bench-memory-'));
  const out = join(dir, 'soak.json');
  try {
    await runCommand(
      'npx',
      [
        'tsx',
        'scripts/soak.ts',
        ...['--shoppers', String(shoppers), '--minutes', String(minutes), '--greedy', '0'],
        ...['--ramp-seconds', minutes < 2 ? '5' : '20', '--out', out],
      ],
      // The soak exits 1 when a shopper's request failed: its report still has the figures.
      { quiet: false, okCodes: [0, 1] },
    );
    const soak = JSON.parse(readFileSync(out, 'utf8')) as SoakReport;
    return {
      shoppers: soak.options.shoppers,
      minutes: soak.options.minutes,
      clockSpeed: soak.options.clockSpeed,
      requests: soak.requests,
      errors: soak.errors.total,
      ...soak.memory,
      sessions: soak.sessions,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
