// "Prices on nearby dates" on the hotel page: its heading and the strip's place, drawn by
// the server; the strip itself (its code and its searches) only once it nears the screen.
import { useId, type ReactNode } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { preloadableLazy } from '../../../lib/preloadable-lazy.tsx';
import { NearbyDatesSlot } from '../../../stay/nearby-dates/nearby-dates-slot.tsx';
import {
  NearbyScopeContext,
  useHotelPricesScope,
} from '../../../stay/nearby-dates/nearby-scope.ts';
import { stayNights } from '../../../stay/stay.ts';
import type { NearbyDatesProps } from './nearby-dates-strip.tsx';

const nearbyDatesStrip = preloadableLazy(
  async () => (await import('./nearby-dates-strip.tsx')).NearbyDatesStrip,
);
const NearbyDatesStrip = nearbyDatesStrip.Component;

export function NearbyDatesSection({ hotelId, stay, onChoose }: NearbyDatesProps) {
  const { t } = useT();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <div>
        <h2 id={titleId} className="text-lg font-bold">
          {t('hotel.nearby.title')}
        </h2>
        <p className="text-sm text-slate-700">
          {t('hotel.nearby.note', { count: stayNights(stay) })}
        </p>
      </div>
      <NearbyDatesSlot>
        <NearbyDatesStrip hotelId={hotelId} stay={stay} onChoose={onChoose} />
      </NearbyDatesSlot>
    </section>
  );
}

/** Tells what `children` draw (the stay editor's date picker) that the page prices this hotel. */
export function HotelPricesScope({ hotelId, children }: { hotelId: string; children: ReactNode }) {
  const scope = useHotelPricesScope(hotelId);
  return <NearbyScopeContext value={scope}>{children}</NearbyScopeContext>;
}
