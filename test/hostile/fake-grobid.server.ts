import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake GROBID misbehaves: `hang` answers isalive but never processes; `garbage` sends non-XML; `wrong-paper` a TEI of another paper. */
export type FakeGrobidMode = 'hang' | 'garbage' | 'wrong-paper';

const WRONG_PAPER_TEI = `<?xml version="1.0" encoding="UTF-8"?>
<TEI xmlns="http://www.tei-c.org/ns/1.0"><teiHeader><fileDesc><titleStmt><title level="a" type="main">A totally different paper</title></titleStmt>
<sourceDesc><biblStruct><analytic></analytic></biblStruct></sourceDesc></fileDesc><profileDesc><abstract><p>Quantum chromodynamics of lattice gluons in a strongly coupled plasma.</p></abstract></profileDesc></teiHeader>
<text><body><div><head n="1">Introduction</head><p coords="1,NaN,NaN,100,10">Quantum chromodynamics describes gluons and quarks bound in hadrons at low energy.</p></div>
<div><head n="2">Lattice results</head><p coords="1,72,200,400,10">Lattice simulations of the plasma show a crossover near the critical temperature of the transition.</p>
<p coords="1,72,300,400,10">Heavy quarkonium melting follows the sequential suppression pattern predicted by potential models at finite temperature.</p>
<p coords="1,72,400,400,10">Chiral symmetry restoration coincides with deconfinement within the statistical uncertainties of the present ensembles.</p></div></body></text></TEI>`;

/** A loopback GROBID that misbehaves as told; counts the documents it was sent. */
export class FakeGrobid {
  processed = 0;
  private nextDocument: (() => void) | null = null;
  private readonly hanging = new Set<http.ServerResponse>();
  private readonly server = http.createServer((req, res) => this.route(req, res));

  constructor(public mode: FakeGrobidMode) {}

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
      if (this.mode === 'hang') return void this.hanging.add(res);
      res.setHeader('Content-Type', 'application/xml');
      res.end(this.mode === 'garbage' ? '<<<this is not TEI' : WRONG_PAPER_TEI);
    });
  }
}
