import { InvalidInputError } from '@lectern/common';
import type { Request } from 'express';
import { createWriteStream, mkdirSync, mkdtempSync, promises as fs, rmSync } from 'node:fs';
import * as path from 'node:path';
import type { StorageEngine } from 'multer';

export class TooManyFilesError extends InvalidInputError {
  override readonly name = 'TooManyFilesError';
}

export class RequestTooLargeError extends InvalidInputError {
  override readonly name = 'RequestTooLargeError';
  override readonly status = 413;
}

interface UploadState {
  dir: string;
  files: number;
  bytes: number;
}

const MB = 1024 * 1024;

/**
 * Multer storage that streams each uploaded file to a temp file (issue 20 item 2): never a whole request in memory.
 * A file over MAX_UPLOAD_MB is drained without being kept and reaches the intake with its size only, to be refused
 * alone (item 8); more than MAX_UPLOAD_FILES files, or more than MAX_REQUEST_MB in all, fails the request. The
 * request's temp directory is removed when its response closes, whatever the outcome.
 */
export class TempFileStorage implements StorageEngine {
  private readonly uploads = new WeakMap<Request, UploadState>();

  constructor(private readonly limits: { tempDir: string; maxFileBytes: number; maxRequestBytes: number; maxFiles: number }) {}

  _handleFile(req: Request, file: Express.Multer.File, callback: (error?: unknown, info?: Partial<Express.Multer.File>) => void): void {
    const upload = this.stateOf(req);
    const { maxFileBytes, maxRequestBytes, maxFiles } = this.limits;
    if (++upload.files > maxFiles) {
      file.stream.resume();
      return callback(new TooManyFilesError(`more than ${maxFiles} files in one upload (MAX_UPLOAD_FILES); send them in several requests`));
    }
    const target = path.join(upload.dir, `${upload.files}.pdf`);
    const out = createWriteStream(target);
    let size = 0;
    let kept = true;
    let settled = false;
    const settle = (error?: unknown, info?: Partial<Express.Multer.File>) => {
      if (settled) return;
      settled = true;
      callback(error, info);
    };
    const drop = () => {
      kept = false;
      out.destroy();
      file.stream.resume();
      void fs.rm(target, { force: true });
    };
    file.stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      upload.bytes += chunk.length;
      if (upload.bytes > maxRequestBytes && !settled) {
        drop();
        return settle(new RequestTooLargeError(`the upload is larger than ${Math.round(maxRequestBytes / MB)} MB in all (MAX_REQUEST_MB)`));
      }
      if (!kept) return;
      if (size > maxFileBytes) return drop();
      if (!out.write(chunk)) {
        file.stream.pause();
        out.once('drain', () => file.stream.resume());
      }
    });
    file.stream.on('error', (error) => {
      drop();
      settle(error);
    });
    file.stream.on('end', () => {
      if (!kept) return settle(undefined, { size });
      out.end(() => settle(undefined, { path: target, size }));
    });
  }

  _removeFile(_req: Request, file: Express.Multer.File, callback: (error: Error | null) => void): void {
    if (!file.path) return callback(null);
    fs.rm(file.path, { force: true }).then(() => callback(null), callback);
  }

  private stateOf(req: Request): UploadState {
    let upload = this.uploads.get(req);
    if (!upload) {
      mkdirSync(this.limits.tempDir, { recursive: true });
      const dir = mkdtempSync(path.join(this.limits.tempDir, 'upload-'));
      upload = { dir, files: 0, bytes: 0 };
      this.uploads.set(req, upload);
      // Synchronously, as the response is handed over: once a client has its answer, the files are gone.
      const remove = () => rmSync(dir, { recursive: true, force: true });
      req.res?.once('finish', remove).once('close', remove);
    }
    return upload;
  }
}
