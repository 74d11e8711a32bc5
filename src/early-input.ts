// The early-input script: loaded by every page before its body, as a file of its own (the
// plain shell has no nonce for an inline script), built by vite.config.ts's
// earlyInputScript into a hashed asset. See src/lib/early-input.ts.
import { installEarlyInput } from './lib/early-input.ts';

installEarlyInput(window);
