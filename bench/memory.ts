// Server memory under polling shoppers: `npm run soak`'s machinery (scripts/soak.ts,
// the app server with its embedded sandbox in a process of its own, sampled for RSS
// and live sessions) with 100 shoppers for 5 minutes and no greedy clients. As in the
// soak, the sandbox clock runs ×4 so the 15-minute sessions expire inside the run and
// memory can be seen to stay bounded.
import { runForJsonReport } from './support/processes.ts';

/** The soak's memory figures, as its report gives them. */
interface SoakMemory {
  rssStartMb: number;
  rssEndMb: number;
  rssMaxMb: number;
  rssTrendLastHalfMbPerMin: number;
  heapStartMb: number;
  heapEndMb: number;
}

interface SoakSessions {
  created: number;
  maxLive: number;
  liveAtEnd: number;
  freed: number;
}

export interface MemoryUnderLoad extends SoakMemory {
  shoppers: number;
  minutes: number;
  clockSpeed: number;
  requests: number;
  errors: number;
  sessions: SoakSessions;
}

interface SoakReport {
  options: { shoppers: number; minutes: number; clockSpeed: number };
  requests: number;
  errors: { total: number };
  memory: SoakMemory;
  sessions: SoakSessions;
}

export async function measureMemory(shoppers: number, minutes: number): Promise<MemoryUnderLoad> {
  const soak = await runForJsonReport<SoakReport>(
    'bench-memory',
    'npx',
    (out) => [
      'tsx',
      'scripts/soak.ts',
      ...['--shoppers', String(shoppers), '--minutes', String(minutes), '--greedy', '0'],
      ...['--ramp-seconds', minutes < 2 ? '5' : '20', '--out', out],
    ],
    // The soak exits 1 when a shopper's request failed: its report still has the figures.
    { quiet: false, okCodes: [0, 1] },
  );
  return {
    shoppers: soak.options.shoppers,
    minutes: soak.options.minutes,
    clockSpeed: soak.options.clockSpeed,
    requests: soak.requests,
    errors: soak.errors.total,
    ...soak.memory,
    sessions: soak.sessions,
  };
}
