// The floor's one page: a header, a heading, a paragraph, a button with state and a button
// that opens a dialog, drawn with the app's stylesheet. Enough for React to hydrate and bind
// events, nothing more. The dialog is the app's own (a native modal <dialog>) on a page of a
// dozen elements: the interaction row reads the app's dialogs against the tap that opens it.
// Once hydrated it marks the page as answering input, as the app's pages do, so a bench that
// waits for that mark reads the floor the same way.
import { useEffect, useState } from 'react';
import { Dialog } from '../../src/components/ui/dialog.tsx';
import { INTERACTIVE_ATTRIBUTE } from '../../src/lib/early-input.ts';

export function FloorPage() {
  const [pressed, setPressed] = useState(0);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    document.documentElement.setAttribute(INTERACTIVE_ATTRIBUTE, '');
  }, []);
  return (
    <div className="min-h-screen bg-slate-50 font-sans text-slate-900">
      <header className="bg-blue-900 px-4 py-3 font-bold text-white">Staylane</header>
      <main className="mx-auto max-w-3xl p-4">
        <h1 className="text-2xl font-bold">Hotels with live prices</h1>
        <p className="mt-2">
          The least a page rendered by the server and hydrated by React costs in the browser: the
          measure every page of the app is read against.
        </p>
        <button
          type="button"
          className="mt-4 rounded bg-blue-800 px-4 py-2 font-semibold text-white"
          onClick={() => setPressed((count) => count + 1)}
        >
          Pressed {pressed} times
        </button>
        <button
          type="button"
          className="ms-2 mt-4 rounded bg-blue-800 px-4 py-2 font-semibold text-white"
          onClick={() => setOpen(true)}
        >
          Open a dialog
        </button>
        <Dialog
          open={open}
          onClose={() => setOpen(false)}
          title="A dialog"
          closeLabel="Close the dialog"
        >
          <p>Nothing but this line.</p>
        </Dialog>
      </main>
    </div>
  );
}
