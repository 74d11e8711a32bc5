// A deadline in the hotel's clock and the traveller's (the hotel's terms are written
// in its own time; the traveller acts in theirs). One clock when both read the same.
import { formatDeadline } from '../../lib/deadline-format.ts';
import { useT } from '../../lib/i18n.ts';
import { useDrawingTimeZone } from '../../lib/use-hydrated.ts';

/** The deadline as text for a message placeholder: "10 Dec, 23:59 hotel time (11 Dec, 05:29 your time)". */
export function useDeadlineText() {
  const { t, language } = useT();
  const travellerZone = useDrawingTimeZone();
  return (iso: string, timeZone: string | null | undefined): string => {
    const text = formatDeadline(iso, language, timeZone, travellerZone);
    return text.sameWallClock || text.hotel === null
      ? text.traveller
      : t('deadline.twoClocks', { hotel: text.hotel, traveller: text.traveller });
  };
}
