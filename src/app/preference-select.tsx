// One row of the preferences menu: a setting's label beside its native select.
import { useId, type ReactNode } from 'react';

export function PreferenceSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The options. */
  children: ReactNode;
}) {
  const id = useId();
  return (
    <span className="flex items-center justify-between gap-3">
      <label htmlFor={id} className="text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="rounded border border-slate-300 bg-white px-2 py-1"
      >
        {children}
      </select>
    </span>
  );
}
