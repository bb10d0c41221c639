import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback GROBID that answers isalive but never answers a document (issue 20 item 4); counts the documents it was
 * sent. Other faults (garbage, errors, slowness) are the replay server's (`test/replay/replay-fault.ts`).
 */
export class HangingGrobid {
  processed = 0;
  private nextDocument: (() => void) | null = null;
  private readonly hanging = new Set<http.ServerResponse>();
  private readonly server = http.createServer((req, res) => this.route(req, res));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Resolves when the next document has been sent in whole. */
  documentReceived(): Promise<void> {
    return new Promise((resolve) => (this.nextDocument = resolve));
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private route(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (req.url?.startsWith('/api/isalive')) return void res.end('true');
    req.resume();
    req.on('end', () => {
      this.processed++;
      this.nextDocument?.();
      this.hanging.add(res);
    });
  }
}
