import type { Language } from '../contract/index.ts';
import { changeLanguage, UI_LANGUAGES, useT } from '../lib/i18n.ts';
import { PreferenceSelect } from './preference-select.tsx';

export function LanguageSwitcher() {
  const { t, language } = useT();
  return (
    <PreferenceSelect
      label={t('app.language')}
      name="language"
      value={language}
      onChange={(value) => void changeLanguage(value as Language)}
    >
      {UI_LANGUAGES.map((option) => (
        <option key={option.code} value={option.code} lang={option.code}>
          {option.label}
        </option>
      ))}
    </PreferenceSelect>
  );
}
