// A list read back from storage, checked item by item's schema (persisted-list.ts asks for
// it with the first read).
import * as z from 'zod/mini';

/** `{ [key]: items }` as storage held it, or null when it is not one. */
export function readStoredList<K extends string, T>(
  key: K,
  item: z.ZodMiniType<T>,
  state: unknown,
): Record<K, T[]> | null {
  const parsed = z.object({ [key]: z.array(item) }).safeParse(state);
  return parsed.success ? (parsed.data as Record<K, T[]>) : null;
}
