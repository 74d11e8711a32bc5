// What the upstream client tells whoever watches it (the metrics) about each attempt: its
// own vocabulary, so the client depends on nothing outside upstream/.

/** How an upstream attempt ended: `2xx`…`5xx`, `429`, or what kept it from a status. */
export type AttemptOutcome = 'network' | 'timeout' | 'too_large' | `${number}xx` | '429';

export interface UpstreamObserver {
  attempt(endpoint: string, attempt: number, outcome: AttemptOutcome): void;
  retry(endpoint: string): void;
}

export function statusClass(status: number): AttemptOutcome {
  return status === 429 ? '429' : `${Math.floor(status / 100)}xx`;
}
