// What the hotel page says of the hotel beside its rooms: its stars, its facts at a glance,
// and the long part about it (description, times, facilities, policies, location).
import { useId } from 'react';
import type { HotelContent } from '../../contract/index.ts';
import { formatAddress, formatDistance } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { DataText } from '../../components/ui/data-text.tsx';

function Stars({ count }: { count: number }) {
  const { t } = useT();
  return (
    <span role="img" aria-label={t('hotel.page.stars', { count })} className="text-amber-700">
      {'★'.repeat(Math.max(0, Math.min(5, Math.round(count))))}
    </span>
  );
}

/** Three lines (type and stars, address, distance): the facts box has that height from the start. */
/** The facts' box, which their placeholder holds the same room for. */
export const FACTS_BOX = 'min-h-20 space-y-1 text-slate-700';

export function HotelFacts({ hotel }: { hotel: HotelContent }) {
  const { t, language } = useT();
  return (
    <div className={FACTS_BOX}>
      <p className="flex flex-wrap items-center gap-x-2">
        {typeof hotel.stars === 'number' && hotel.stars > 0 && <Stars count={hotel.stars} />}
        {hotel.property_type && <span>{hotel.property_type}</span>}
        {hotel.chain && <span>· {hotel.chain}</span>}
      </p>
      <DataText>{formatAddress(hotel.address, hotel.city, hotel.country)}</DataText>
      {typeof hotel.distance_from_center_km === 'number' && (
        <p>
          {t('hotel.page.fromCentre', {
            distance: formatDistance(hotel.distance_from_center_km, language),
          })}
        </p>
      )}
    </div>
  );
}

export function HotelAbout({ hotel }: { hotel: HotelContent }) {
  const { t, language } = useT();
  const id = useId();
  const mapUrl =
    typeof hotel.latitude === 'number' && typeof hotel.longitude === 'number'
      ? `https://www.openstreetmap.org/?mlat=${hotel.latitude}&mlon=${hotel.longitude}#map=16/${hotel.latitude}/${hotel.longitude}`
      : null;
  return (
    <section aria-labelledby={`${id}-about`} className="space-y-6">
      <div className="space-y-2">
        <h2 id={`${id}-about`} className="text-xl font-bold">
          {t('hotel.page.about')}
        </h2>
        <p className="max-w-prose text-slate-800">{hotel.description}</p>
      </div>
      {(hotel.check_in_from || hotel.check_out_until) && (
        <div className="space-y-1">
          <h3 className="text-lg font-bold">{t('hotel.page.times')}</h3>
          <dl className="grid max-w-sm grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            {hotel.check_in_from && (
              <>
                <dt className="font-semibold">{t('hotel.page.checkInFrom')}</dt>
                <dd>{hotel.check_in_from}</dd>
              </>
            )}
            {hotel.check_out_until && (
              <>
                <dt className="font-semibold">{t('hotel.page.checkOutUntil')}</dt>
                <dd>{hotel.check_out_until}</dd>
              </>
            )}
          </dl>
        </div>
      )}
      {hotel.facilities.length > 0 && (
        <div className="space-y-2">
          <h3 className="text-lg font-bold">{t('hotel.page.facilities')}</h3>
          <ul className="grid grid-cols-1 gap-x-6 gap-y-1 text-slate-800 sm:grid-cols-2 lg:grid-cols-3">
            {hotel.facilities.map((facility) => (
              <li key={facility.facility_id} className="flex gap-2">
                <span aria-hidden="true" className="text-emerald-700">
                  ✓
                </span>
                {facility.name}
              </li>
            ))}
          </ul>
        </div>
      )}
      {hotel.policies.length > 0 && (
        <div className="space-y-2">
          <h3 className="text-lg font-bold">{t('hotel.page.policies')}</h3>
          <ul className="max-w-prose list-disc space-y-1 ps-5 text-slate-800">
            {hotel.policies.map((policy) => (
              <li key={policy}>{policy}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="space-y-1">
        <h3 className="text-lg font-bold">{t('hotel.page.location')}</h3>
        <DataText className="text-slate-800">
          {formatAddress(hotel.address, hotel.city, hotel.country)}
        </DataText>
        {typeof hotel.distance_from_center_km === 'number' && (
          <p className="text-slate-800">
            {t('hotel.page.fromCentre', {
              distance: formatDistance(hotel.distance_from_center_km, language),
            })}
          </p>
        )}
        {mapUrl && (
          <a
            href={mapUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="text-blue-800 underline underline-offset-2"
          >
            {t('hotel.page.openMap')}
          </a>
        )}
      </div>
    </section>
  );
}
