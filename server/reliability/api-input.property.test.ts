// Property-based input testing of every /api endpoint, through the app server and the
// REAL embedded sandbox in-process (server/test-support/input-properties.ts says what
// is checked). The sandbox clock stands still, so "today" is fixed and runs repeat.
import { afterAll, describe } from 'vitest';
import { TEST_NOW } from '../../src/contract/testing/clock.ts';
import { SANDBOX_DEMO_KEY } from '../sandbox/app.ts';
import { checkInToday, knownIds } from '../test-support/contract-arbitraries.ts';
import { appOnSandbox, createStackSandbox, sandboxClock } from '../test-support/embedded-stack.ts';
import { inputProperties } from '../test-support/input-properties.ts';

const clock = sandboxClock('manual');
// Live searches and the booking confirmation return at once: nothing waits.
const sandbox = createStackSandbox(clock, { sleep: () => Promise.resolve() });
const { app, upstreamCalls } = appOnSandbox(sandbox, clock, { logLevel: 'silent' });

// Hundreds of generated requests per property: seconds each on a quiet machine, so each
// property gets more room than a unit test's default on a loaded one.
describe('/api under generated input (app server + embedded sandbox)', { timeout: 30_000 }, () => {
  const { tried } = inputProperties({
    name: 'app server',
    request: (path, init) => app.request(path, init),
    prefix: '/api',
    baseHeaders: {},
    ids: knownIds(sandbox.context.inventory),
    today: checkInToday(TEST_NOW),
    upstreamCount: () => upstreamCalls.length,
    secrets: [SANDBOX_DEMO_KEY],
    scale: Number(process.env.PROPERTY_SCALE ?? 1),
    seed: 20261122,
  });

  afterAll(() => {
    sandbox.close();
    // The figure docs/reliability.md reports: how many generated requests were tried.
    console.log(
      `/api property suite: ${tried.total} requests (${tried.valid} valid, ${tried.invalid} invalid); per endpoint ${JSON.stringify(tried.byEndpoint)}`,
    );
  });
});
