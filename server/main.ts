// The app server's entry. It holds signals before anything else loads (the server's
// modules take a while, and a signal without a handler kills the process), then loads
// the server, which takes them over (run.ts).
import { holdSignals } from './hold-signals.mjs';

holdSignals();
await import('./run.ts');
