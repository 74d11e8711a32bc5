// A form field: its label, an optional hint, the control, and its error, tied together
// for assistive technology (the control gets the hint's and the error's ids to put in
// aria-describedby). The control is the caller's: an input, a select, a textarea.
import type { ReactNode } from 'react';

/** How a text input or select looks in a form, its invalid and disabled states included. */
export const fieldInputClass =
  'w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700 aria-[invalid=true]:border-red-700 disabled:bg-slate-100';

export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mb-1 text-sm text-slate-700">
          {hint}
        </p>
      )}
      {children(describedBy || undefined)}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/**
 * A control's error, said under it in words with a mark (not by colour alone); `id` is what
 * the control names in aria-describedby. Draws nothing without an error.
 */
export function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-800">
      <span aria-hidden="true">⚠ </span>
      {error}
    </p>
  );
}
