// What the server benchmarks share: the percentile of sorted latencies, and client addresses.

/** The `p`th percentile of latencies sorted ascending. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * A new address on every call: with TRUST_PROXY, each simulated customer comes from an address of its
 * own (X-Forwarded-For), as real ones do, so the per-address limits (sign-up, sign-in) measure nothing
 * but themselves.
 */
export function clientAddresses(): () => string {
  let counter = 0;
  return () => {
    counter += 1;
    return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
  };
}
