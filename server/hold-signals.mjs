// @ts-check
// The server's signals, held from the first moment of the process until it can act on them.
// A signal without a handler kills the process (SIGHUP exits 129), and an ES module's static
// imports all load before its first line runs: so each entry installs these handlers first,
// then imports the rest. `npm start` (scripts/start.mjs, which may build first) and the
// server's entry (server/main.ts) both load this file, each its own copy (one from the
// sources, one from the build): they share one holder through a process-wide symbol.

const HOLDER = Symbol.for('staylane.held-signals');
const SIGNALS = /** @type {const} */ (['SIGHUP', 'SIGTERM', 'SIGINT']);

/** @typedef {(typeof SIGNALS)[number]} HeldSignal */
/** @typedef {{ pending: HeldSignal[], receiver: ((signal: HeldSignal) => void) | null }} Holder */

/** @returns {Holder} */
function holder() {
  const store = /** @type {Record<symbol, Holder | undefined>} */ (globalThis);
  let held = store[HOLDER];
  if (!held) {
    const created = /** @type {Holder} */ ({ pending: [], receiver: null });
    for (const signal of SIGNALS) {
      process.on(signal, () => {
        if (created.receiver) created.receiver(signal);
        else created.pending.push(signal);
      });
    }
    store[HOLDER] = created;
    held = created;
  }
  return held;
}

/** Installs the handlers (once per process): signals are kept until someone receives them. */
export function holdSignals() {
  holder();
}

/**
 * From now on every signal goes to `receiver`; those that came before are handed over
 * first, in the order they came.
 * @param {(signal: HeldSignal) => void} receiver
 */
export function receiveSignals(receiver) {
  const held = holder();
  held.receiver = receiver;
  for (const signal of held.pending.splice(0)) receiver(signal);
}

/** The signals that came and were not received yet (to stop before starting, say). */
export function heldSignals() {
  return /** @type {readonly HeldSignal[]} */ ([...holder().pending]);
}
