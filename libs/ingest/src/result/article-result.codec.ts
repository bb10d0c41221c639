import { createHash } from 'node:crypto';
import { DomainError } from '@lectern/common';
import type { ArticleInput, ContextInput, SectionInput } from '@lectern/corpus';
import { assertObjectKey } from '@lectern/storage';
import type { BuiltArticle } from '../article-builder';

/**
 * A built article as one object, for a worker that cannot reach the corpus to hand it to the process that can:
 *
 *   magic "LECTRES1" (8 bytes) | header length (u32 LE) | header (UTF-8 JSON) | zero padding to a multiple of 4 |
 *   vectors (contexts × dimension float32 LE, in reading order) | SHA-256 of everything before (32 bytes)
 *
 * The header holds the article without its vectors, the parsers and the warnings; the vectors are raw float32, so
 * they arrive bit for bit as they were computed (JSON would cost ~3× the bytes and round them).
 */
export const RESULT_FORMAT = 'LECTRES1';
const MAGIC = Buffer.from(RESULT_FORMAT, 'ascii');
const DIGEST_BYTES = 32;

/** Where a document's built article waits for its commit, in the object store every process reaches. */
export function resultObjectKey(projectId: string, documentId: string): string {
  const key = `projects/${projectId}/results/${documentId}.lres`;
  assertObjectKey(key);
  return key;
}

/** A result object that is truncated, corrupt or not a result at all: it must be built again. */
export class InvalidArticleResultError extends DomainError {
  override readonly name = 'InvalidArticleResultError';
}

interface ResultHeader {
  dimension: number;
  contexts: number;
  parsers: string[];
  warnings: string[];
  article: Omit<ArticleInput, 'sections'> & {
    sections: Array<Omit<SectionInput, 'contexts'> & { contexts: Array<Omit<ContextInput, 'embedding'>> }>;
  };
}

export function encodeArticleResult(built: BuiltArticle): Buffer {
  const contexts = built.article.sections.flatMap((s) => s.contexts);
  const dimension = contexts[0]?.embedding.length ?? 0;
  if (contexts.some((c) => c.embedding.length !== dimension))
    throw new InvalidArticleResultError('the contexts have vectors of different lengths');
  const header: ResultHeader = {
    dimension,
    contexts: contexts.length,
    parsers: built.parsers,
    warnings: built.warnings,
    article: {
      ...built.article,
      sections: built.article.sections.map((section) => ({
        ...section,
        contexts: section.contexts.map(({ embedding: _vector, ...context }) => context),
      })),
    },
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const vectorsAt = align4(MAGIC.length + 4 + json.length);
  const body = Buffer.alloc(vectorsAt + contexts.length * dimension * 4);
  MAGIC.copy(body, 0);
  body.writeUInt32LE(json.length, MAGIC.length);
  json.copy(body, MAGIC.length + 4);
  let offset = vectorsAt;
  for (const { embedding } of contexts) {
    for (const value of embedding) offset = body.writeFloatLE(value, offset);
  }
  return Buffer.concat([body, sha256(body)]);
}

export function decodeArticleResult(data: Uint8Array): BuiltArticle {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (bytes.length < MAGIC.length + 4 + DIGEST_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new InvalidArticleResultError(`not a ${RESULT_FORMAT} article result`);
  }
  const body = bytes.subarray(0, bytes.length - DIGEST_BYTES);
  if (!sha256(body).equals(bytes.subarray(body.length)))
    throw new InvalidArticleResultError('the article result is truncated or corrupt (checksum mismatch)');
  const jsonLength = body.readUInt32LE(MAGIC.length);
  const vectorsAt = align4(MAGIC.length + 4 + jsonLength);
  if (vectorsAt > body.length) throw new InvalidArticleResultError('the article result header runs past its end');
  const header = JSON.parse(body.subarray(MAGIC.length + 4, MAGIC.length + 4 + jsonLength).toString('utf8')) as ResultHeader;
  const { dimension, contexts } = header;
  if (body.length - vectorsAt !== contexts * dimension * 4)
    throw new InvalidArticleResultError('the article result holds the wrong number of vectors');
  let offset = vectorsAt;
  const nextVector = (): Float32Array => {
    const vector = new Float32Array(dimension);
    for (let i = 0; i < dimension; i++, offset += 4) vector[i] = body.readFloatLE(offset);
    return vector;
  };
  const sections = header.article.sections.map((section) => ({
    ...section,
    contexts: section.contexts.map((context) => ({ ...context, embedding: nextVector() })),
  }));
  return { article: { ...header.article, sections }, parsers: header.parsers, warnings: header.warnings };
}

function align4(n: number): number {
  return (n + 3) & ~3;
}

function sha256(data: Uint8Array): Buffer {
  return createHash('sha256').update(data).digest();
}
