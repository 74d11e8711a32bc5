// The result list, window-virtualized: only the cards near the viewport are in the DOM,
// so a thousand loaded hotels scroll as smoothly as twenty. It reports the hotels on
// screen (for refresh_ids) and asks for the next page when its end comes near.
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n.ts';
import { hotelPath, type SearchInput } from '../../lib/search-url.ts';
import { useInView } from '../../lib/use-in-view.ts';
import { HotelCard } from './hotel-card.tsx';
import type { ShownHotel } from './merge-results.ts';
import { setOnScreenHotels } from './on-screen-hotels.ts';

const ESTIMATED_ROW_PX = 236;
const ROW_GAP_PX = 12;

export function ResultsList({
  hotels,
  input,
  nights,
  searchId,
  hasNextPage,
  isFetchingNextPage,
  nextPageFailed,
  fetchNextPage,
  onOnScreenChange,
}: {
  hotels: readonly ShownHotel[];
  input: SearchInput;
  nights: number;
  searchId: string | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  nextPageFailed: boolean;
  fetchNextPage: () => void;
  onOnScreenChange: (onScreen: boolean) => void;
}) {
  const { t } = useT();
  const listRef = useRef<HTMLDivElement>(null);
  const [listElement, setListElement] = useState<HTMLDivElement | null>(null);
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const focusAfterLoad = useRef<number | null>(null);

  // The list starts below the header, form, toolbar and chips, whose height can change:
  // any such change resizes the page, so the page's size is watched.
  useLayoutEffect(() => {
    const measure = () => {
      const element = listRef.current;
      if (!element) return;
      const top = Math.round(element.getBoundingClientRect().top + window.scrollY);
      setScrollMargin((current) => (Math.abs(current - top) > 1 ? top : current));
    };
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: hotels.length,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 4,
    gap: ROW_GAP_PX,
    scrollMargin,
    getItemKey: (index) => hotels[index]?.hotel_id ?? index,
  });
  const items = virtualizer.getVirtualItems();

  // Which hotels are really on screen (not the overscan): refreshed first by the poll.
  const scrollOffset = virtualizer.scrollOffset ?? 0;
  const viewportHeight = typeof window === 'undefined' ? 0 : window.innerHeight;
  const onScreenIds = items
    .filter((item) => item.end > scrollOffset && item.start < scrollOffset + viewportHeight)
    .map((item) => hotels[item.index]?.hotel_id)
    .filter((id): id is string => id !== undefined);
  const onScreenKey = onScreenIds.join(',');
  useEffect(() => {
    if (searchId) setOnScreenHotels(searchId, onScreenKey === '' ? [] : onScreenKey.split(','));
  }, [searchId, onScreenKey]);

  const listInView = useInView(listElement);
  useEffect(() => onOnScreenChange(listInView), [listInView, onOnScreenChange]);

  // Near the end of the list, load the next page (the button does the same by hand).
  const nearEnd = useInView(sentinel, '0px 0px 1200px 0px');
  useEffect(() => {
    if (nearEnd && hasNextPage && !isFetchingNextPage && !nextPageFailed) fetchNextPage();
  }, [nearEnd, hasNextPage, isFetchingNextPage, nextPageFailed, fetchNextPage]);

  // "Show more" by keyboard: focus moves to the first hotel it brought.
  useEffect(() => {
    const index = focusAfterLoad.current;
    if (index === null || hotels.length <= index) return;
    focusAfterLoad.current = null;
    virtualizer.scrollToIndex(index, { align: 'start' });
    requestAnimationFrame(() => {
      listRef.current?.querySelector<HTMLAnchorElement>(`[data-index="${index}"] a`)?.focus();
    });
  }, [hotels.length, virtualizer]);

  return (
    <>
      <div
        ref={(element) => {
          listRef.current = element;
          setListElement(element);
        }}
        role="list"
        aria-label={t('results.listLabel')}
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const hotel = hotels[item.index];
          if (!hotel) return null;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              role="listitem"
              aria-posinset={item.index + 1}
              aria-setsize={hotels.length}
              className="absolute inset-x-0 top-0"
              style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
            >
              <HotelCard
                hotel={hotel}
                href={hotelPath(hotel.hotel_id, input)}
                nights={nights}
                rooms={input.rooms.length}
              />
            </div>
          );
        })}
      </div>
      <div ref={setSentinel} aria-hidden="true" className="h-px" />
      <div className="flex flex-col items-center gap-2 py-4">
        {isFetchingNextPage ? (
          <p role="status" className="text-slate-700">
            {t('results.loadingMore')}
          </p>
        ) : hasNextPage ? (
          <button
            type="button"
            onClick={() => {
              focusAfterLoad.current = hotels.length;
              fetchNextPage();
            }}
            className="rounded-lg border border-blue-700 bg-white px-5 py-2 font-semibold text-blue-800 hover:bg-blue-50"
          >
            {t('results.showMore')}
          </button>
        ) : hotels.length > 0 ? (
          <p className="text-sm text-slate-600">{t('results.end', { count: hotels.length })}</p>
        ) : null}
      </div>
    </>
  );
}
