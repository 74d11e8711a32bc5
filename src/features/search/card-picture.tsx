// A hotel card's picture with its heart in the corner, above the card's link layer so the
// heart is its own target: the results' cards and the saved list's cards alike.
import { SaveHotelButton } from '../../components/ui/save-hotel-button.tsx';
import type { SavedHotelFacts } from '../../lib/saved-hotels.ts';
import type { SearchInput } from '../../lib/search-url.ts';

export function CardPicture({
  hotel,
  input,
  first = false,
}: {
  hotel: SavedHotelFacts;
  input: SearchInput;
  /** The list's first card: its picture is what a results page paints largest first. */
  first?: boolean;
}) {
  return (
    <div className="relative shrink-0 self-start">
      <div className="aspect-[4/3] w-28 overflow-hidden rounded-lg bg-slate-200 sm:w-52">
        {hotel.imageUrl && (
          <img
            src={hotel.imageUrl}
            alt=""
            width={416}
            height={312}
            // The first card's picture is asked for with the page (the server renders the
            // results: it is the page's largest paint, which waited ~1.1 s for the lazy
            // load under Lighthouse); the rest when they come near the screen.
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : 'auto'}
            decoding="async"
            className="size-full object-cover"
          />
        )}
      </div>
      <SaveHotelButton hotel={hotel} input={input} className="absolute start-1 top-1 z-10" />
    </div>
  );
}
