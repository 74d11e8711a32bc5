// One set of stay fields — dates, rooms and guests, nationality — used wherever a stay is
// chosen: the search form (beside its destination) and the hotel page's "change dates or
// guests". Their rules are stay-rules.ts's.
import { fromRoomDrafts, type RoomDraft } from '../guests.ts';
import { DateRangeField, type StayDates } from './date-range-field.tsx';
import { GuestsField } from './guests-field.tsx';
import { NationalityField } from './nationality-field.tsx';
import type { StayField, StayFieldRefs, StayValues } from './stay-rules.ts';

/**
 * The three fields, side by side in the caller's layout (they are siblings: the search
 * form places them in its grid, beside the destination).
 */
export function StayFields({
  values,
  onDatesChange,
  onRoomsChange,
  onNationalityChange,
  errorOf,
  refs,
  today,
}: {
  values: StayValues;
  onDatesChange: (dates: StayDates) => void;
  onRoomsChange: (rooms: RoomDraft[]) => void;
  onNationalityChange: (code: string) => void;
  errorOf: (field: StayField) => string | null;
  refs: StayFieldRefs;
  today: string;
}) {
  return (
    <>
      <DateRangeField
        value={values.dates}
        onChange={onDatesChange}
        today={today}
        errors={{ checkIn: errorOf('checkIn'), checkOut: errorOf('checkOut') }}
        checkInRef={refs.checkIn}
        checkOutRef={refs.checkOut}
        pricesFor={{ rooms: fromRoomDrafts(values.rooms), nationality: values.nationality }}
      />
      <GuestsField
        rooms={values.rooms}
        onChange={onRoomsChange}
        error={errorOf('rooms')}
        firstMissingAgeRef={refs.missingAge}
        buttonRef={refs.roomsButton}
      />
      <NationalityField
        value={values.nationality}
        onChange={onNationalityChange}
        error={errorOf('nationality')}
        inputRef={refs.nationality}
      />
    </>
  );
}
