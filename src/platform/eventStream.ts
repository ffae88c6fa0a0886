/**
 * Reads a Server-Sent Events answer with fetch, not EventSource: EventSource cannot send the
 * Authorization header, and the app's credential is the bearer token, never a cookie the server reads
 * (which a page elsewhere could make the browser send). Calls `onEvent` for each event; resolves when
 * the stream ends, rejects when it cannot open or breaks.
 */
export async function readEventStream(
  url: string,
  token: string | undefined,
  onEvent: (event: string, data: string) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch(url, {
    headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    signal,
  });
  if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = block.split('\n');
      const event =
        lines
          .find((line) => line.startsWith('event:'))
          ?.slice(6)
          .trim() ?? 'message';
      const data = lines
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (data) onEvent(event, data);
    }
  }
}
