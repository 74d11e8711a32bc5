// The book answers that say the server took the request in and went as far as it will go
// (its own retries of the hotel API included): the browser must not send it again on its
// own. The contract's rule and the checkout's retry loop are both tested against them.
export const ANSWERED_AFTER_SERVER_RETRIES = [
  [500, 'INTERNAL'],
  [502, 'UPSTREAM_UNAVAILABLE'],
  [503, 'UPSTREAM_UNAVAILABLE'],
  [504, 'UPSTREAM_TIMEOUT'],
  [409, 'IDEMPOTENCY_IN_PROGRESS'],
] as const;
