// Looks for a secret (an API key, the Redis password) in texts we show or write: as is,
// and in the forms a careless encoding would give it (base64, base64url, hex,
// URL-encoding), and its first two thirds (a truncated leak is a leak).
// scripts/scan-secrets.ts and e2e/ use the same forms and the same secrets
// (e2e/record-responses.mjs keeps a copy: it runs without TypeScript).

export interface SecretHit {
  where: string;
  form: string;
  /** A little context around the hit, with the secret itself masked. */
  context: string;
}

/**
 * The secrets a server started with this environment holds: the hotel API key, the
 * booking-token secrets, the passwords in REDIS_URL and SMTP_URL, and any listed in
 * SECRET_SCAN_KEYS (comma-separated).
 */
export function secretsOfEnv(env: NodeJS.ProcessEnv): string[] {
  return [env.SECRET_SCAN_KEYS ?? '', env.HOTEL_API_KEY ?? '', env.BOOKING_TOKEN_SECRET ?? '']
    .join(',')
    .split(',')
    .concat(urlPassword(env.REDIS_URL), urlPassword(env.SMTP_URL))
    .map((secret) => secret.trim())
    .filter(Boolean);
}

function urlPassword(url: string | undefined): string {
  if (!url) return '';
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return '';
  }
}

export function secretForms(secret: string): { form: string; text: string }[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = [
    { form: 'raw', text: secret },
    { form: 'base64', text: bytes.toString('base64').replace(/=+$/, '') },
    { form: 'base64url', text: bytes.toString('base64url') },
    { form: 'hex', text: bytes.toString('hex') },
    { form: 'url-encoded', text: encodeURIComponent(secret) },
    { form: 'prefix', text: secret.slice(0, Math.max(8, Math.ceil((secret.length * 2) / 3))) },
  ];
  const seen = new Set<string>();
  return forms.filter(({ text }) => !seen.has(text) && seen.add(text));
}

export function findSecrets(
  texts: Iterable<{ where: string; text: string }>,
  secrets: readonly string[],
): SecretHit[] {
  const hits: SecretHit[] = [];
  const forms = secrets.flatMap((secret) => secretForms(secret));
  for (const { where, text } of texts) {
    const lower = text.toLowerCase();
    for (const { form, text: needle } of forms) {
      // Hex and base64 may be upper- or lower-cased on the way out.
      const at = form === 'hex' ? lower.indexOf(needle.toLowerCase()) : text.indexOf(needle);
      if (at >= 0) {
        const context = text
          .slice(Math.max(0, at - 40), at + needle.length + 40)
          .split(needle)
          .join('[SECRET]');
        hits.push({ where, form, context });
      }
    }
  }
  return hits;
}
