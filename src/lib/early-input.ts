// Taps before the page is interactive. A page the server rendered is on screen before its
// script has run, and a tap then would be lost: links and forms work as HTML, but the
// page's own buttons do nothing until React has hydrated them. The early-input script
// (src/early-input.ts, a tiny file the page loads before its body) keeps those taps and
// replays them once the page marks itself interactive, and submits the forms that apply
// a choice on change (the preferences, the sort), so each choice takes effect once.

/** On a form: submit it when one of its fields changes before the page is interactive. */
export const EARLY_SUBMIT_ATTRIBUTE = 'data-early-submit';

/** On `<html>` once the page answers input (`InteractiveMark`). */
export const INTERACTIVE_ATTRIBUTE = 'data-interactive';

/** What a button says: an element found again in its place must say the same. */
function nameOf(button: Element): string {
  return button.getAttribute('aria-label') ?? button.textContent.trim();
}

/** A selector that finds an element again if hydration replaced the node. */
function pathOf(element: Element): string {
  const steps: string[] = [];
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node.id) return [`[id="${node.id.replace(/["\\]/g, '\\$&')}"]`, ...steps].join(' > ');
    if (node === node.ownerDocument.body) break;
    let index = 1;
    for (let other = node.previousElementSibling; other; other = other.previousElementSibling) {
      if (other.tagName === node.tagName) index++;
    }
    steps.unshift(`${node.tagName.toLowerCase()}:nth-of-type(${index})`);
  }
  return ['body', ...steps].join(' > ');
}

/** Keeps the taps until the page is interactive; the function returned stops it early. */
export function installEarlyInput(win: Window): () => void {
  const doc = win.document;
  const root = doc.documentElement;
  if (root.hasAttribute(INTERACTIVE_ATTRIBUTE)) return () => undefined;
  const waiting = () => !root.hasAttribute(INTERACTIVE_ATTRIBUTE);
  const queue: { button: HTMLButtonElement; path: string; name: string }[] = [];

  // In the capture phase on the window, before React's own listeners on its root: a tap the
  // script keeps or a form it submits is never handled a second time by a part of the page
  // that hydrated in between.
  const onClick = (event: MouseEvent) => {
    if (!waiting() || !(event.target instanceof Element)) return;
    // React answers a checkbox or a radio from its click: in a form that applies on change,
    // the box still toggles and its change submits the form, but React must not also act.
    const box = event.target.closest('input');
    if (box?.form?.hasAttribute(EARLY_SUBMIT_ATTRIBUTE) && /^(checkbox|radio)$/.test(box.type)) {
      event.stopImmediatePropagation();
      return;
    }
    const button = event.target.closest('button');
    // Links, submit buttons and disclosures work as HTML; only the page's own buttons wait.
    if (!button || button.type !== 'button' || button.disabled) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // A second tap on a button that has not answered yet is impatience, not a second choice.
    if (!queue.some((queued) => queued.button === button)) {
      queue.push({ button, path: pathOf(button), name: nameOf(button) });
    }
  };
  const onChange = (event: Event) => {
    const field = event.target;
    if (!waiting()) return;
    if (!(field instanceof HTMLSelectElement || field instanceof HTMLInputElement)) return;
    if (!field.form?.hasAttribute(EARLY_SUBMIT_ATTRIBUTE)) return;
    event.stopImmediatePropagation();
    field.form.requestSubmit();
  };
  win.addEventListener('click', onClick, true);
  win.addEventListener('change', onChange, true);

  const observer = new MutationObserver(() => {
    if (waiting()) return;
    stop();
    for (const { button, path, name } of queue.splice(0)) {
      // Hydration keeps the server's nodes; one drawn anew in the same place is the same
      // button only if it says the same (the page's switch to the browser's view may have
      // put another button there, or none: then the tap has nothing left to do).
      const now = button.isConnected ? button : doc.querySelector(path);
      if (now instanceof HTMLButtonElement && (now === button || nameOf(now) === name)) {
        now.click();
      }
    }
  });
  const stop = () => {
    observer.disconnect();
    win.removeEventListener('click', onClick, true);
    win.removeEventListener('change', onChange, true);
  };
  observer.observe(root, { attributes: true, attributeFilter: [INTERACTIVE_ATTRIBUTE] });
  return stop;
}
