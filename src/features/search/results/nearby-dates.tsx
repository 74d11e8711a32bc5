// "Lowest prices on nearby dates" above the results: its heading and the row's place, drawn
// by the server; the row itself (its code and its six searches) only in the browser, once
// it nears the screen. The search form's date picker shows the same prices.
import { useId, useMemo, type ReactNode } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { preloadableLazy } from '../../../lib/preloadable-lazy.tsx';
import { NearbyDatesSlot } from '../../../stay/nearby-dates/nearby-dates-slot.tsx';
import { lowestPricesScope, NearbyScopeContext } from '../../../stay/nearby-dates/nearby-scope.ts';
import type { SearchInput } from '../../../stay/search-url.ts';
import { stayNights } from '../../../stay/stay.ts';

const nearbyDatesRow = preloadableLazy(
  async () => (await import('./nearby-dates-row.tsx')).NearbyDatesRow,
);
const NearbyDatesRow = nearbyDatesRow.Component;

export function NearbyDates({ input }: { input: SearchInput }) {
  const { t } = useT();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <div>
        <h2 id={titleId} className="text-base font-bold">
          {t('results.nearby.title')}
        </h2>
        <p className="text-sm text-slate-700">
          {t('results.nearby.note', { count: stayNights(input) })}
        </p>
      </div>
      <NearbyDatesSlot>
        <NearbyDatesRow input={input} />
      </NearbyDatesSlot>
    </section>
  );
}

/** Tells what `children` draw (the search form's date picker) whose lowest prices the page has. */
export function LowestPricesScope({
  input,
  children,
}: {
  input: SearchInput;
  children: ReactNode;
}) {
  const scope = useMemo(
    () => lowestPricesScope(input.destination, input.filters),
    [input.destination, input.filters],
  );
  return <NearbyScopeContext value={scope}>{children}</NearbyScopeContext>;
}
