import { describeError, type Logger } from './logger';

/**
 * A promise nobody awaited that rejects is a bug to fix, not a reason to drop every request in flight on
 * this instance (Node's default exits): it is logged, and the loops that matter re-arm on their own.
 */
export function keepRunningOnUnhandledRejections(logger: Logger): void {
  process.on('unhandledRejection', (reason) => logger.error('process.unhandled_rejection', describeError(reason)));
}
