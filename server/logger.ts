/** Structured enough to grep, plain enough to read: `[meridian] outbox.sent {"to":"…"}`. */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

function line(event: string, fields?: Record<string, unknown>): string {
  return fields ? `[meridian] ${event} ${JSON.stringify(fields)}` : `[meridian] ${event}`;
}

export const consoleLogger: Logger = {
  info: (event, fields) => console.log(line(event, fields)),
  warn: (event, fields) => console.warn(line(event, fields)),
  error: (event, fields) => console.error(line(event, fields)),
};

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

export function describeError(error: unknown): Record<string, unknown> {
  return error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
}
