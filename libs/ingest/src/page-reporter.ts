import type { PageStep } from '@lectern/parsing';

/**
 * Forwards the pages a long parse reports to the queue without writing it a thousand times a second: at most one
 * report every `everyMs` (the last page always), and one at a time (a slow write is not stacked upon; the newest
 * page goes next), with how that page was read (`text`, or `ocr`). `stop` waits for the report in flight, so a later stage is never overwritten by a page.
 */
export class PageReporter {
  private latest: [number, number, PageStep] | null = null;
  private sent: [number, number, PageStep] | null = null;
  private lastAt = -Infinity;
  private inFlight: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly send: (page: number, pages: number, step: PageStep) => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
    private readonly everyMs = 250,
    private readonly now: () => number = Date.now,
  ) {}

  report(page: number, pages: number, step: PageStep = 'text'): void {
    if (this.stopped) return;
    this.latest = [page, pages, step];
    this.pump();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.inFlight;
  }

  private pump(): void {
    const next = this.latest;
    if (this.stopped || this.inFlight || !next || next === this.sent) return;
    if (next[0] < next[1] && this.now() - this.lastAt < this.everyMs) return;
    this.sent = next;
    this.lastAt = this.now();
    this.inFlight = this.send(next[0], next[1], next[2]).then(
      () => undefined,
      (error: unknown) => this.onError(error),
    );
    void this.inFlight.finally(() => {
      this.inFlight = null;
      this.pump();
    });
  }
}
