// What a JSON request body is (docs/api.md, "JSON bodies"), for the app server and the
// sandbox alike: application/json or any application/…+json type, parameters ignored,
// at most 64 KiB.

export const MAX_BODY_BYTES = 64 * 1024;

export function isJsonMediaType(header: string | undefined): boolean {
  if (!header) return false;
  const type = header.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}
