// Distances for the sandbox, computed with + - * / and sqrt only. Math.cos and friends
// may differ in the last bit between engines; the inventory must be byte-identical on
// every machine, so cosine is a Taylor series here (accurate to ~1e-12 on [-90°, 90°]).

const RADIANS = Math.PI / 180;
const EARTH_RADIUS_KM = 6371;

/** cos(degrees) for |degrees| ≤ 90 (latitudes). */
export function cosDegrees(degrees: number): number {
  const x = degrees * RADIANS;
  const x2 = x * x;
  // cos x = Σ (-1)^n x^(2n) / (2n)!, Horner form up to x^20.
  let sum = 1;
  for (let n = 10; n >= 1; n--) sum = 1 - (x2 / ((2 * n - 1) * (2 * n))) * sum;
  return sum;
}

/**
 * Equirectangular distance in km: within a city or a region (tens of km) it is within
 * a fraction of a percent of the great-circle distance.
 */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const x = (lon2 - lon1) * RADIANS * cosDegrees((lat1 + lat2) / 2);
  const y = (lat2 - lat1) * RADIANS;
  return EARTH_RADIUS_KM * Math.sqrt(x * x + y * y);
}

/** Degrees of latitude and longitude for an offset in km east and north of a point. */
export function offsetDegrees(lat: number, eastKm: number, northKm: number): [number, number] {
  const dLat = northKm / (EARTH_RADIUS_KM * RADIANS);
  const dLon = eastKm / (EARTH_RADIUS_KM * RADIANS * Math.max(cosDegrees(lat), 0.05));
  return [dLat, dLon];
}

const POWERS_OF_TEN = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000];

export function round(value: number, decimals: number): number {
  const factor = POWERS_OF_TEN[decimals] ?? 10 ** decimals;
  return Math.round(value * factor) / factor;
}
