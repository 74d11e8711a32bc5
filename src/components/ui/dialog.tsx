// A modal dialog: a <dialog> drawn over the page with a backdrop. Its modality is ours, not
// the browser's showModal(): making the page behind inert restyles every element of it in
// the tap's own frame, the largest part of opening the filters or the calendar on a slow
// phone (docs/decisions/052-main-thread-against-a-floor.md). So the page behind is left
// out three other ways: aria-modal for assistive technology, the backdrop for the pointer,
// and a focus trap for the keyboard. Escape closes it; focus goes back to what opened it.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { FocusableElement } from 'tabbable';

type ControlsOf = (dialog: HTMLElement) => FocusableElement[];

/**
 * The dialog's controls in Tab order, asked for when a dialog opens: the search form's
 * dates are a dialog on the home page's first screen, and what finds the controls is only
 * needed once Tab is pressed in one, so it stays out of the first page's script. One counts
 * when the browser shows it (its own visibility check, not a layout read). They are found
 * by walking the elements one by one (tabbable's shadow-DOM-aware walk): a query by a list
 * of selectors does not give document order in every DOM (jsdom's, which the component
 * tests run in).
 */
let controlsOf: ControlsOf | null = null;
let controlsLoading: Promise<ControlsOf> | null = null;
function loadControlsOf(): Promise<ControlsOf> {
  controlsLoading ??= import('tabbable').then(
    ({ tabbable }) =>
      (controlsOf = (dialog) =>
        tabbable(dialog, { displayCheck: 'full-native', getShadowRoot: true })),
    (error: unknown) => {
      // Asked again at the next Tab or dialog, rather than a trap that never loads.
      controlsLoading = null;
      throw error;
    },
  );
  return controlsLoading;
}

/** The control Tab (or Shift+Tab) reaches from the focused one, round the dialog. */
function nextStop(stops: readonly FocusableElement[], backwards: boolean) {
  const at = stops.findIndex((stop) => stop === document.activeElement);
  if (backwards) return at <= 0 ? stops.at(-1) : stops[at - 1];
  return at === -1 || at === stops.length - 1 ? stops[0] : stops[at + 1];
}

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
  /** "sheet": full height from the inline end on phones (a drawer); "center": a card. */
  variant?: 'sheet' | 'center';
  footer?: ReactNode;
}

export function Dialog({
  open,
  onClose,
  title,
  closeLabel,
  children,
  variant = 'center',
  footer,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Where the keyboard starts, as the browser's own modal would: the first control, the ✕
    // (found without a walk of the controls, which would be part of the tap's frame).
    let lastInside: FocusableElement = closeRef.current ?? dialog;
    lastInside.focus();
    void loadControlsOf().catch(() => undefined);
    // Focus sent behind the dialog (a script, a screen reader) comes back where it was.
    const keepFocus = (event: FocusEvent) => {
      if (!(event.target instanceof HTMLElement)) return;
      if (dialog.contains(event.target)) lastInside = event.target;
      else lastInside.focus();
    };
    document.addEventListener('focusin', keepFocus);
    return () => {
      document.removeEventListener('focusin', keepFocus);
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const dialog = event.currentTarget;
    // A control that used Escape itself (a list it closed) says so by preventing it.
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    // Tab goes round the dialog's own controls. Pressed before the walk of them has
    // arrived, the key waits for it rather than let focus leave.
    if (!controlsOf) {
      event.preventDefault();
      const backwards = event.shiftKey;
      void loadControlsOf().then(
        (controls) => nextStop(controls(dialog), backwards)?.focus(),
        () => undefined,
      );
      return;
    }
    const stops = controlsOf(dialog);
    const first = stops[0];
    const last = stops.at(-1);
    if (!first || !last) {
      event.preventDefault();
    } else if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const sheet = variant === 'sheet';
  return createPortal(
    <div
      role="presentation"
      className={`fixed inset-0 z-50 flex bg-slate-900/50 ${sheet ? 'justify-end' : 'items-center justify-center p-4'}`}
      // A press on the backdrop leaves focus where it is, in the dialog.
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) event.preventDefault();
      }}
    >
      <dialog
        ref={ref}
        open
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={`relative m-0 flex flex-col bg-white p-0 text-slate-900 shadow-xl outline-none ${
          sheet
            ? 'h-dvh max-h-dvh w-full max-w-md rounded-none'
            : 'max-h-[85dvh] w-full max-w-2xl rounded-xl'
        }`}
      >
        <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-3">
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            className="rounded-full p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-700"
          >
            <span aria-hidden="true">✕</span>
            <span className="sr-only">{closeLabel}</span>
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-4 py-4">{children}</div>
        {footer && <div className="border-t border-slate-200 px-4 py-3">{footer}</div>}
      </dialog>
    </div>,
    document.body,
  );
}
