// `npm start`: builds what is missing or out of date, then serves the app. Signals are held
// from the first moment (a build takes a while, and a signal without a handler would kill
// the process); the server takes over those that came meanwhile.
import { heldSignals, holdSignals } from '../server/hold-signals.mjs';

holdSignals();
const { ensureBuild } = await import('./ensure-build.mjs');
ensureBuild();
// Stopped while building: there is nothing to shut down yet.
if (heldSignals().some((signal) => signal !== 'SIGHUP')) process.exit(0);
await import('../dist/server/server/main.js');
