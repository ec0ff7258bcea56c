/**
 * The in-process rate-limit store (RATE_LIMIT_STORE=memory): a fixed window per client, opened by
 * its first request and lasting windowMs, counted on the injected clock. express-rate-limit's own
 * MemoryStore reads Date.now, so a test could only see a window end by waiting for it.
 *
 * @example
 * rateLimit({ windowMs: 60_000, limit: 100, store: new ClockedMemoryStore(services.clock) });
 */
import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';

interface Client {
  totalHits: number;
  resetTime: Date;
}

export class ClockedMemoryStore implements Store {
  /** Counts of this process only (express-rate-limit warns when such a store is shared). */
  readonly localKeys = true;
  private windowMs = 60_000;
  private readonly clients = new Map<string, Client>();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly clock: () => Date) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
    clearInterval(this.sweeper);
    // Forgets clients whose window has ended, so memory follows the clients of one window.
    this.sweeper = setInterval(() => this.sweep(), this.windowMs);
    this.sweeper.unref();
  }

  get(key: string): ClientRateLimitInfo | undefined {
    const client = this.clients.get(key);
    return client && client.resetTime.getTime() > this.clock().getTime() ? { ...client } : undefined;
  }

  increment(key: string): IncrementResponse {
    const now = this.clock().getTime();
    let client = this.clients.get(key);
    if (!client || client.resetTime.getTime() <= now) {
      client = { totalHits: 0, resetTime: new Date(now + this.windowMs) };
      this.clients.set(key, client);
    }
    client.totalHits++;
    return { ...client };
  }

  decrement(key: string): void {
    const client = this.clients.get(key);
    if (client && client.totalHits > 0) client.totalHits--;
  }

  resetKey(key: string): void {
    this.clients.delete(key);
  }

  resetAll(): void {
    this.clients.clear();
  }

  shutdown(): void {
    clearInterval(this.sweeper);
    this.clients.clear();
  }

  private sweep(): void {
    const now = this.clock().getTime();
    for (const [key, client] of this.clients) if (client.resetTime.getTime() <= now) this.clients.delete(key);
  }
}
