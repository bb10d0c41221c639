import type { ObjectStore } from '@lectern/storage';
import type { BuiltArticle } from '../article-builder';
import type { ArticleCommitter, CommitOutcome } from '../article-committer';
import type { JobTarget } from '../queue/job-queue';
import { decodeArticleResult, encodeArticleResult, resultObjectKey } from './article-result.codec';

/**
 * The build side of a hand-off: a worker that cannot reach the corpus stores the built article where the corpus
 * owner can read it. Called only while the worker holds the job's lease (confirmed right before), like a commit.
 */
export async function handOffArticleResult(store: ObjectStore, target: JobTarget, built: BuiltArticle): Promise<string> {
  const key = resultObjectKey(target.projectId, target.documentId);
  await store.put(key, encodeArticleResult(built), { contentType: 'application/vnd.lectern.result' });
  return key;
}

/**
 * The commit side, in the one process that owns the project's corpus: reads the handed-off article, commits it
 * (the same CorpusCommitter as the embedded path: one corpus transaction, then ready) and deletes the object.
 * Safe to run again after a crash at any point: a committed document is recognised, a missing object after a
 * commit means it was already deleted.
 */
export async function commitArticleResult(store: ObjectStore, committer: ArticleCommitter, target: JobTarget): Promise<CommitOutcome> {
  const key = resultObjectKey(target.projectId, target.documentId);
  if (await committer.isCommitted(target)) {
    await store.delete(key);
    return 'already-committed';
  }
  const built = decodeArticleResult(await store.get(key));
  if (built.article.documentId !== target.documentId) {
    throw new Error(`the result at ${key} is for document ${built.article.documentId}, not ${target.documentId}`);
  }
  const outcome = await committer.commit(target, built);
  await store.delete(key);
  return outcome;
}

/**
 * The ArticleCommitter of a worker that cannot reach the corpus: the built article goes to the object store and
 * the corpus owner is asked to commit it (with BullMQ: `commitQueue.retry(target)`, one commit job per document).
 */
export class ResultHandOff implements ArticleCommitter {
  constructor(
    private readonly store: ObjectStore,
    private readonly requestCommit: (target: JobTarget) => Promise<unknown>,
  ) {}

  /** Only the corpus owner knows; the coordinator checks it again before committing. */
  async isCommitted(): Promise<boolean> {
    return false;
  }

  async commit(target: JobTarget, built: BuiltArticle): Promise<CommitOutcome> {
    await handOffArticleResult(this.store, target, built);
    await this.requestCommit(target);
    return 'handed-off';
  }
}
