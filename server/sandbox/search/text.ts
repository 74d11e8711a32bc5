// Text matching that ignores case and accents ("sao paulo" finds "São Paulo", "zurich"
// finds "Zürich"), shared by the hotel_name filter and destination autocomplete.
import { foldLetters } from '../../../src/contract/index.ts';

/** Folded (case, accents, ß…), punctuation as spaces, single spaces, trimmed. */
export function normalizeText(text: string): string {
  return foldLetters(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
