// A hotel card's picture with its heart in the corner, above the card's link layer so the
// heart is its own target: the results' cards and the saved list's cards alike.
import { SaveHotelButton } from '../../components/ui/save-hotel-button.tsx';
import type { SavedHotelFacts } from '../../lib/saved-hotels.ts';
import type { SearchInput } from '../../lib/search-url.ts';

export function CardPicture({ hotel, input }: { hotel: SavedHotelFacts; input: SearchInput }) {
  return (
    <div className="relative shrink-0 self-start">
      <div className="aspect-[4/3] w-28 overflow-hidden rounded-lg bg-slate-200 sm:w-52">
        {hotel.imageUrl && (
          <img
            src={hotel.imageUrl}
            alt=""
            width={416}
            height={312}
            // Lazy for every card, the first ones too: eager, high-priority first images
            // cost ~40 ms more from submit to the first painted results (bench row 3, the
            // sandbox's SVG pictures on loopback) and moved Lighthouse's results LCP by
            // nothing measurable (it waits on the JS and the search answer).
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        )}
      </div>
      <SaveHotelButton hotel={hotel} input={input} className="absolute start-1 top-1 z-10" />
    </div>
  );
}
