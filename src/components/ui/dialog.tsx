// A modal dialog on the native <dialog> element: the browser traps focus, makes the
// page behind inert and closes on Escape. Focus goes back to what opened it.
import { useEffect, useId, useRef, type ReactNode } from 'react';

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
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;
  const shape =
    variant === 'sheet'
      ? 'my-0 me-0 ms-auto h-dvh max-h-dvh w-full max-w-md rounded-none'
      : 'm-auto max-h-[85dvh] w-[calc(100%-2rem)] max-w-2xl rounded-xl';
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={`${shape} bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50`}
    >
      <div className={`flex flex-col ${variant === 'sheet' ? 'h-full' : 'max-h-[85dvh]'}`}>
        <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-3">
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          <button
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
      </div>
    </dialog>
  );
}
