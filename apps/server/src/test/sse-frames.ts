/**
 * Reads a server-sent event stream's frames as they arrive, handing on each one's `id:` and
 * `data:` lines, until the stream ends or is aborted (then it resolves quietly). No test framework
 * here: the tests (sse.ts) and the benches (bench/alarm-probe.ts) both read feeds with it.
 */
export async function readSseFrames(body: ReadableStream<Uint8Array>, onFrame: (id: string | undefined, data: string) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const data = frame.find((l) => l.startsWith('data: '));
        if (data) onFrame(frame.find((l) => l.startsWith('id: '))?.slice(4), data.slice(6));
      }
    }
  } catch {
    // aborted by the reader's owner
  }
}
