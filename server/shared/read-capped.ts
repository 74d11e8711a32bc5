// Reads a body stream into one buffer, giving up (and cancelling the stream) as
// soon as it grows past a limit, so an oversized body is never held in memory.
// Shared by the app server and the sandbox (server/shared: Node-side, no app code).
export async function readCapped(
  stream: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Buffer | null> {
  if (!stream) return Buffer.alloc(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}
