// How a nearby price reads: on screen "≈ $1,234" for an estimate (a converted price comes
// with its own ≈), and to a screen reader "about $1,234", in the shopper's currency.
import type { MessageId, MessageValues } from '../../lib/i18n.ts';
import type { Money } from '../../lib/money.tsx';

/** The mark a converted price starts with (formatApproxMoney): the words say it instead. */
const APPROX_MARK = /^\u2248\u00a0/;

export function priceWords(
  price: { amount: number; currency: string; estimated: boolean },
  money: Money,
  t: (id: MessageId, values?: MessageValues) => string,
): { shown: string; spoken: string } {
  const text = money.price(price.amount, price.currency);
  if (!price.estimated) return { shown: text, spoken: text };
  return {
    shown: money.converted ? text : `\u2248\u00a0${text}`,
    spoken: t('stay.nearby.about', { price: text.replace(APPROX_MARK, '') }),
  };
}
