import * as fs from 'node:fs';
import * as path from 'node:path';
import createWabt from 'wabt';
import { HAMMING_SCAN_WASM } from './hamming-scan.wasm';

describe('hamming-scan.wasm.ts', () => {
  it('holds hamming-scan.wat compiled (after editing the .wat, `npm run build:wasm` rewrites it)', async () => {
    const wabt = await createWabt();
    const module = wabt.parseWat('hamming-scan.wat', fs.readFileSync(path.join(__dirname, 'hamming-scan.wat'), 'utf8'));
    try {
      module.validate();
      expect(Buffer.from(HAMMING_SCAN_WASM, 'base64').toString('hex')).toBe(Buffer.from(module.toBinary({}).buffer).toString('hex'));
    } finally {
      module.destroy();
    }
  });
});
