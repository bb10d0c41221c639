/**
 * Jest's node environment with the host realm's typed arrays. onnxruntime-node returns output tensors built
 * from the host realm's Float32Array, and onnxruntime-common (evaluated inside Jest's VM context) rejects them
 * with "A float32 tensor's data must be type of function Float32Array()". Plain `node` and pool threads have
 * one realm and never need this. Select it per spec file with the docblock
 * `@jest-environment <rootDir>/libs/embeddings/src/testing/onnx.jest-environment.js`.
 */
const { TestEnvironment } = require('jest-environment-node');

const TYPED_ARRAYS = [
  'ArrayBuffer',
  'SharedArrayBuffer',
  'DataView',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
];

class OnnxEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of TYPED_ARRAYS) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = OnnxEnvironment;
