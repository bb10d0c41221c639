import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';

/** The part of busboy's API used here (busboy ships no types, and `@types/busboy` is not installed). */
type Busboy = NodeJS.WritableStream & {
  on(event: 'file', listener: (name: string, stream: Readable, info: { filename: string; mimeType: string }) => void): Busboy;
  on(event: 'field', listener: (name: string, value: string) => void): Busboy;
  on(event: 'close', listener: () => void): Busboy;
  on(event: 'error', listener: (error: Error) => void): Busboy;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- untyped package: an import would be `any`; typed as Busboy here
const busboy = require('busboy') as (options: { headers: IncomingHttpHeaders }) => Busboy;

export interface MultipartBody {
  /** Every text field, repeated fields in the order sent (`teiCoordinates` = [`p`, `head`, …]). */
  fields: Map<string, string[]>;
  /** Every file part, read whole (replay servers hash it). */
  files: Map<string, { filename: string; mimeType: string; data: Buffer }>;
}

/** Reads a `multipart/form-data` request body completely. Rejects when the body is not multipart. */
export function readMultipart(request: IncomingMessage): Promise<MultipartBody> {
  return new Promise((resolve, reject) => {
    const body: MultipartBody = { fields: new Map(), files: new Map() };
    let parser: Busboy;
    try {
      parser = busboy({ headers: request.headers });
    } catch (error) {
      // Drain the upload anyway so the client sees an answer, not a reset connection.
      request.resume();
      return reject(error);
    }
    parser.on('field', (name, value) => body.fields.set(name, [...(body.fields.get(name) ?? []), value]));
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => body.files.set(name, { filename: info.filename, mimeType: info.mimeType, data: Buffer.concat(chunks) }));
    });
    parser.on('close', () => resolve(body));
    parser.on('error', reject);
    request.pipe(parser);
  });
}
