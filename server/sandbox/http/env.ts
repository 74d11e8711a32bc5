// Per-request values of the sandbox's Hono app.
import type { Language } from '../../../src/contract/index.ts';

export interface SandboxVariables {
  requestId: string;
  language: Language;
  /** The caller's x-api-key: the organization (its bookings, tokens and sessions are its own). */
  apiKey: string;
}

export interface SandboxEnv {
  Variables: SandboxVariables;
}
