import type { MessageId } from '../../lib/i18n.ts';

/** "2 adults · 1 child · 1 room" (children left out when there are none). */
export function describeGuests(
  t: (id: MessageId, values?: Record<string, number>) => string,
  guests: { adults: number; children: number; rooms: number },
): string {
  return guests.children > 0
    ? t('search.guests.summaryWithChildren', guests)
    : t('search.guests.summary', { adults: guests.adults, rooms: guests.rooms });
}
