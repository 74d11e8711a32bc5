// The row of nearby dates both pages draw: one cell per check-in, its date, what the stay
// costs (or that it is sold out), and which is the shopper's own and which the cheapest,
// said in words as well as colour. The pages wrap each cell's content in what it does:
// a button that changes the hotel page's stay, a link to the results for those dates.
import { useEffect, useRef, type ReactNode } from 'react';
import { formatStayDate } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useMoney } from '../../lib/money.tsx';
import type { CellPrice } from './nearby-dates.ts';
import { priceWords } from './price-words.ts';
import { NEARBY_ROW_HEIGHT } from './nearby-dates-slot.tsx';

export interface NearbyCell {
  checkIn: string;
  checkOut: string;
  /** Null: not asked (the results page does not search its own dates again). */
  price: CellPrice | null;
  /** The stay the page shows now. */
  current: boolean;
  cheapest: boolean;
}

export function NearbyDatesList({
  label,
  busy,
  currentCheckIn,
  children,
}: {
  label: string;
  /** Prices are still coming. */
  busy: boolean;
  /** The shopper's own check-in: its cell (`aria-current`) is brought to the row's middle. */
  currentCheckIn: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    // A narrow screen scrolls the row: it starts on the shopper's dates, not three days
    // before them. Only the row scrolls (scrollIntoView could move the page too).
    const row = ref.current;
    const current = row?.querySelector('[aria-current]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    const cell = current.getBoundingClientRect();
    const box = row.getBoundingClientRect();
    row.scrollBy({ left: cell.left + cell.width / 2 - (box.left + box.width / 2) });
  }, [currentCheckIn]);
  // Positioned, so that the words kept for screen readers (absolutely placed) scroll and clip
  // with their cells instead of widening the page on a narrow screen.
  return (
    <ol
      ref={ref}
      aria-label={label}
      aria-busy={busy || undefined}
      className={`relative flex gap-2 overflow-x-auto ${NEARBY_ROW_HEIGHT}`}
    >
      {children}
    </ol>
  );
}

/** The classes of a cell's button or link: the shopper's dates and the cheapest stand out. */
export function nearbyCellClass(cell: Pick<NearbyCell, 'current' | 'cheapest'>): string {
  const look = cell.current
    ? 'border-2 border-blue-700 bg-blue-50'
    : cell.cheapest
      ? 'border-2 border-emerald-700 bg-emerald-50 hover:bg-emerald-100'
      : 'border border-slate-300 bg-white hover:bg-slate-50';
  return `flex h-full w-full min-w-[5.5rem] flex-col items-center justify-center rounded-lg px-2 text-center leading-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${look}`;
}

/**
 * Each cell's place in the row: equal shares of at least 7rem (what a cell says fits it in
 * every language), whatever it says. A width that followed the content would move the cells
 * after it each time a price arrived.
 */
export const NEARBY_CELL_ITEM = 'min-w-0 flex-[1_0_7rem]';

/** What a cell says: the check-in, the price, and the mark. */
export function NearbyCellContent({ cell }: { cell: NearbyCell }) {
  const { t, language } = useT();
  return (
    <>
      {/* One line each: the row keeps its height in every language (a narrow screen scrolls it). */}
      <span className="block text-xs whitespace-nowrap text-slate-700">
        {formatStayDate(cell.checkIn, language)}
      </span>{' '}
      <span className="block text-sm font-semibold whitespace-nowrap text-slate-900 tabular-nums">
        <CellPriceText price={cell.price} />
      </span>{' '}
      <span
        className={`block min-h-4 text-xs font-semibold whitespace-nowrap ${
          cell.cheapest ? 'text-emerald-800' : 'text-blue-800'
        }`}
      >
        {cell.cheapest ? t('stay.nearby.cheapest') : cell.current ? t('stay.nearby.yourDates') : ''}
        {cell.cheapest && cell.current && (
          <span className="sr-only">, {t('stay.nearby.yourDates')}</span>
        )}
      </span>
    </>
  );
}

function CellPriceText({ price }: { price: CellPrice | null }) {
  const { t } = useT();
  if (price === null) return null;
  if (price === 'loading') {
    return (
      <>
        <span aria-hidden="true" className="inline-block h-3 w-12 rounded bg-slate-200" />
        <span className="sr-only">{t('stay.nearby.loading')}</span>
      </>
    );
  }
  if (price === 'failed') {
    return (
      <>
        <span aria-hidden="true">–</span>
        <span className="sr-only">{t('stay.nearby.failed')}</span>
      </>
    );
  }
  switch (price.kind) {
    case 'soldOut':
      return <span className="font-medium text-amber-900">{t('stay.nearby.soldOut')}</span>;
    case 'unavailable':
      return <span className="font-medium text-amber-900">{t('stay.nearby.unavailable')}</span>;
    case 'none':
      return <span className="font-medium text-slate-700">{t('stay.nearby.noHotels')}</span>;
    case 'price':
      return <PriceText {...price} />;
  }
}

/** A price, with "about" said where the screen shows ≈. */
function PriceText(price: { amount: number; currency: string; estimated: boolean }) {
  const { t } = useT();
  const money = useMoney();
  const { shown, spoken } = priceWords(price, money, t);
  if (shown === spoken) return <>{shown}</>;
  return (
    <>
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{spoken}</span>
    </>
  );
}
