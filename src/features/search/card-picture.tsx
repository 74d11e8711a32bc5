// A hotel card's picture with its heart in the corner, above the card's link layer so the
// heart is its own target: the results' cards and the saved list's cards alike.
import { SaveHotelButton } from '../../stay/save-hotel-button.tsx';
import { Thumbnail } from '../../components/ui/thumbnail.tsx';
import type { SavedHotelFacts } from '../../stay/saved-hotels.ts';
import type { SearchInput } from '../../stay/search-url.ts';

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
      <Thumbnail
        src={hotel.imageUrl}
        width={416}
        height={312}
        first={first}
        className="w-28 rounded-lg sm:w-52"
      />
      <SaveHotelButton hotel={hotel} input={input} className="absolute start-1 top-1 z-10" />
    </div>
  );
}
