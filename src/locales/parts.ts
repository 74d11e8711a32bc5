// Whose words each message is, by its key's first segment, and so which English messages
// the browser's first download carries. The search feature and the shared words are the
// core, drawn by home and results; the hotel and booking features' English comes with the
// code of the pages that draw them, so other pages do not download it. Other languages
// load whole, on demand. Plain data with no imports, so the build's catalog compiler can
// read it.

/**
 * The feature whose words a message is: a feature reads its own and the shared ones (the
 * catalog tests check it; the import lint cannot see a message id).
 */
export const MESSAGE_OWNERS = {
  search: 'search',
  results: 'search',
  filters: 'search',
  card: 'search',
  home: 'search',
  map: 'search',
  hotel: 'hotel',
  rooms: 'hotel',
  checkout: 'booking',
  confirmation: 'booking',
  manage: 'booking',
  trips: 'booking',
  prebook: 'booking',
} as const satisfies Readonly<Record<string, string>>;

/** Words every part of the app may use: the app's frame, stays, boards, prices, terms. */
export const SHARED_MESSAGES: readonly string[] = [
  'app',
  'about',
  'notFound',
  'error',
  'common',
  'stay',
  'board',
  'price',
  'cancellation',
  'deadline',
  // The heart is shared UI; the Saved page and the home page read the same words.
  'saved',
];

/** The features whose English a page's code adds as it loads (`virtual:messages/en/<part>`). */
export const LATER_PARTS = ['hotel', 'booking'] as const;

export type MessagePart = (typeof LATER_PARTS)[number] | 'core';

/** The feature a message belongs to, or undefined for the shared words and unknown keys. */
export function ownerOfMessage(key: string): string | undefined {
  return (MESSAGE_OWNERS as Record<string, string>)[key.split('.', 1)[0] ?? ''];
}

export function partOfMessage(key: string): MessagePart {
  const owner = ownerOfMessage(key);
  return LATER_PARTS.find((part) => part === owner) ?? 'core';
}
