// One row of the preferences menu: a setting's label beside its native select, in a form
// of its own that posts to the server (which sets the cookie and sends the shopper back
// here). Once the page runs, a choice applies at once in the browser; before it has
// hydrated, the early-input script submits the form on change, so the choice is never
// lost; without script, the Apply button does. One form per setting: posting both would
// pin the currency the shopper never chose when only the language changed.
import { useId, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PREFERENCES_PATH } from '../contract/index.ts';
import { EARLY_SUBMIT_ATTRIBUTE } from '../lib/early-input.ts';
import { useT } from '../lib/i18n.ts';

export function PreferenceSelect({
  label,
  name,
  value,
  onChange,
  children,
}: {
  label: string;
  /** The form field the server reads: `language` or `currency`. */
  name: 'language' | 'currency';
  value: string;
  onChange: (value: string) => void;
  /** The options. */
  children: ReactNode;
}) {
  const { t } = useT();
  const id = useId();
  // Path and query only: a fragment (a booking's token) never goes to the server.
  const { pathname, search } = useLocation();
  return (
    <form
      method="post"
      action={PREFERENCES_PATH}
      {...{ [EARLY_SUBMIT_ATTRIBUTE]: '' }}
      className="flex items-center justify-between gap-3"
    >
      <input type="hidden" name="return" value={pathname + search} />
      <label htmlFor={id} className="text-slate-700">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="rounded border border-slate-300 bg-white px-2 py-1"
      >
        {children}
      </select>
      <noscript>
        <button type="submit" className="rounded border border-slate-300 px-2 py-1">
          {t('app.apply')}
        </button>
      </noscript>
    </form>
  );
}
