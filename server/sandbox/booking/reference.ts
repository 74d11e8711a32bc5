// Booking references: what a traveller reads out on the phone, so 7 characters from an
// alphabet without the look-alikes 0/O and 1/I: 32 symbols, 32^7 ≈ 3.4 × 10^10 values,
// unique per organization (a clash, rare as it is, draws again).
import { randomBytes } from 'node:crypto';

export const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REFERENCE_LENGTH = 7;
const MAX_DRAWS = 50;

function draw(): string {
  // 32 divides 256: the low five bits of a random byte pick a symbol without bias.
  return Array.from(randomBytes(REFERENCE_LENGTH), (byte) => REFERENCE_ALPHABET[byte & 31]).join(
    '',
  );
}

/** A reference `isTaken` does not know yet. */
export function newReference(isTaken: (reference: string) => boolean): string {
  for (let i = 0; i < MAX_DRAWS; i++) {
    const reference = draw();
    if (!isTaken(reference)) return reference;
  }
  // 50 clashes in a row would mean billions of bookings in one organization.
  throw new Error('no free booking reference');
}
