// How a list kept in storage is read back: `{ [key]: items }`, each item through its schema
// (persisted-list.ts).
import * as z from 'zod/mini';
import type { ListReader } from './persisted-list.ts';

export function storedListReader<T>(key: string, item: z.ZodMiniType<T>): ListReader<T> {
  const Stored = z.object({ [key]: z.array(item) });
  return (state) => {
    const parsed = Stored.safeParse(state);
    return parsed.success ? ((parsed.data as Record<string, T[]>)[key] ?? null) : null;
  };
}
