/**
 * Graceful stop on SIGTERM/SIGINT, once: runs `stop` (finish in-flight work, close pools), then
 * exits 0, or 1 when stopping itself failed.
 */
import { logger } from './logger.ts';

let stopping = false;

/** Whether a shutdown signal has been received (work failing from then on is expected). */
export const shuttingDown = (): boolean => stopping;

export function onShutdownSignal(what: string, stop: () => Promise<void>): void {
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `shutting down: ${what}`);
    try {
      await stop();
      logger.info('stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
