import { useId } from 'react';
import type { Language } from '../contract/index.ts';
import { changeLanguage, UI_LANGUAGES, useT } from '../lib/i18n.ts';

export function LanguageSwitcher() {
  const { t, language } = useT();
  const id = useId();
  return (
    <span className="flex items-center justify-between gap-3">
      <label htmlFor={id} className="text-slate-700">
        {t('app.language')}
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => void changeLanguage(event.target.value as Language)}
        className="rounded border border-slate-300 bg-white px-2 py-1"
      >
        {UI_LANGUAGES.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
