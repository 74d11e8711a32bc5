// The shopper's language and currency behind one small button ("EN · EUR"): two menus side
// by side do not fit a 360 px phone's header beside its links in every language. A native
// disclosure, so it opens before the page is interactive too.
import { useT } from '../lib/i18n.ts';
import { useDisplayCurrency } from '../lib/money.tsx';
import { CurrencySwitcher } from './currency-switcher.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

export function PreferencesMenu() {
  const { t, language } = useT();
  const [currency] = useDisplayCurrency();
  return (
    <details className="relative">
      <summary
        aria-label={t('app.preferences', { language: language.toUpperCase(), currency })}
        className="cursor-pointer list-none whitespace-nowrap rounded border border-slate-300 bg-white px-2 py-1 text-slate-800 [&::-webkit-details-marker]:hidden"
      >
        <span aria-hidden="true">
          {language.toUpperCase()} · {currency}
        </span>
      </summary>
      <div className="absolute end-0 z-30 mt-2 w-60 space-y-3 rounded-lg border border-slate-200 bg-white p-3 shadow-lg">
        <LanguageSwitcher />
        <CurrencySwitcher />
      </div>
    </details>
  );
}
