// Requests the contract must refuse, for the tests of every side that checks the refusal
// (the contract's schemas, the sandbox). They live beside the contract, not in
// examples.ts: they document no use of the API, and only tests import them.

/** A search request that breaks a rule in every field it sends, cross-field rules included. */
export const SEARCH_BREAKING_EVERY_RULE = {
  destination: { type: 'town', id: -1 },
  check_in: '2026-12-05',
  check_out: '2026-12-05',
  rooms: [
    { adults: 0, child_ages: [18] },
    { adults: 5, child_ages: [1] },
  ],
  star_ratings: [9],
  limit: 0,
  sort: 'nope',
  price_min_usd_cents: -5,
};

/** The fields a refusal of SEARCH_BREAKING_EVERY_RULE names, all at once. */
export const FIELDS_BROKEN_BY_SEARCH = [
  'destination.type',
  'destination.id',
  'check_out',
  'rooms[0].adults',
  'rooms[0].child_ages[0]',
  'rooms[1]',
  'star_ratings[0]',
  'limit',
  'sort',
  'price_min_usd_cents',
];
