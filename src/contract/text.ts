// Names and words compared as a traveller means them: case and accents ignored
// ("MÜLLER" is "muller", "sao paulo" finds "São Paulo"). Used by the app server's booking
// look-up and by the sandbox's name filter and autocomplete.

/** Letters that do not decompose into a base letter and a mark. */
const FOLDS: Readonly<Record<string, string>> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ß: 'ss',
  // Final sigma: Unicode case folding makes ς, σ and Σ one letter ("ΑΣΑ" vs "ασα" vs "ας…").
  ς: 'σ',
};

/** NFKD, marks removed, lower case, and the letters above spelled as their base. */
export function foldLetters(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœłđðþıßς]/g, (letter) => FOLDS[letter] ?? letter);
}
