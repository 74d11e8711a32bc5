import { DISPLAY_CURRENCIES, isDisplayCurrency } from '../contract/index.ts';
import { useT } from '../lib/i18n.ts';
import { useDisplayCurrency } from '../lib/money.tsx';
import { PreferenceSelect } from './preference-select.tsx';

/**
 * The currency prices are shown in. Options are ISO codes: short enough for a 360 px
 * phone's header in every language, and what shoppers read on their card statements.
 */
export function CurrencySwitcher() {
  const { t } = useT();
  const [currency, choose] = useDisplayCurrency();
  return (
    <PreferenceSelect
      label={t('app.currency')}
      name="currency"
      value={currency}
      onChange={(value) => {
        if (isDisplayCurrency(value)) choose(value);
      }}
    >
      {DISPLAY_CURRENCIES.map((code) => (
        <option key={code} value={code}>
          {code}
        </option>
      ))}
    </PreferenceSelect>
  );
}
