// Settings that list several values in one environment variable ("a, b,c"): the app
// server's HOTEL_API_IMAGE_ORIGINS, the sandbox's SANDBOX_API_KEYS and SANDBOX_FAULTS.

/** The entries of a comma-separated list, trimmed, empty ones dropped. */
export function commaList(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}
