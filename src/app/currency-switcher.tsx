import { useId } from 'react';
import { DISPLAY_CURRENCIES, isDisplayCurrency } from '../contract/index.ts';
import { useT } from '../lib/i18n.ts';
import { useDisplayCurrency } from '../lib/money.tsx';

/**
 * The currency prices are shown in. Options are ISO codes: short enough for a 360 px
 * phone's header in every language, and what shoppers read on their card statements.
 */
export function CurrencySwitcher() {
  const { t } = useT();
  const [currency, choose] = useDisplayCurrency();
  const id = useId();
  return (
    <span className="flex items-center justify-between gap-3">
      <label htmlFor={id} className="text-slate-700">
        {t('app.currency')}
      </label>
      <select
        id={id}
        value={currency}
        onChange={(event) => {
          if (isDisplayCurrency(event.target.value)) choose(event.target.value);
        }}
        className="rounded border border-slate-300 bg-white px-2 py-1"
      >
        {DISPLAY_CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </span>
  );
}
