// Indexing whose existence the caller has established (positions from the same
// snapshot, ids resolved moments ago). A broken invariant throws here, at the cause,
// instead of spreading `undefined` through a response.

export function at<T>(list: ArrayLike<T>, index: number): T {
  const value = list[index];
  if (value === undefined) throw new RangeError(`index ${index} outside 0..${list.length - 1}`);
  return value;
}

export function got<K, V>(map: ReadonlyMap<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new RangeError(`no entry for ${String(key)}`);
  return value;
}
