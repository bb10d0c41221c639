import type { CatalogDb } from '@lectern/corpus';
import type { BuiltArticle } from './article-builder';
import type { CorpusRegistry } from './corpus-registry';
import type { JobTarget } from './queue/job-queue';

/**
 * What committing did: stored the article and marked the document ready; found it already stored by an earlier
 * claim of the job (which stopped before completing it); found the document removed meanwhile; or handed the
 * article to the corpus owner, which commits it later (a worker that cannot reach the corpus).
 */
export type CommitOutcome = 'committed' | 'already-committed' | 'removed' | 'handed-off';

/**
 * The commit stage of ingestion: the one writer of the project's corpus stores a built article and marks its
 * document ready. The worker calls it only while it holds the job's lease (confirmed right before).
 */
export interface ArticleCommitter {
  /** True when the document is ready and its article stored: the job has nothing left to do but complete. */
  isCommitted(target: JobTarget): Promise<boolean>;
  commit(target: JobTarget, built: BuiltArticle): Promise<CommitOutcome>;
}

/** Commits in this process, into the project's corpus file and the catalog: the embedded (one machine) path. */
export class CorpusCommitter implements ArticleCommitter {
  constructor(
    private readonly catalog: CatalogDb,
    private readonly corpora: CorpusRegistry,
  ) {}

  async isCommitted(target: JobTarget): Promise<boolean> {
    return this.committed(target);
  }

  private committed(target: JobTarget): boolean {
    const doc = this.catalog.documents.findById(target.documentId);
    if (doc?.status !== 'ready' || !doc.articleId) return false;
    return this.corpora.get(target.projectId).getArticle(doc.articleId) !== null;
  }

  /**
   * Synchronous from the first read to the last write (no await), so nothing else in this process runs in between. The corpus
   * first, then the catalog: a crash between the two leaves an article whose document is not ready, which the
   * job's next run replaces — never a ready document without its article. The switch to ready is the arbiter
   * between two committers (a worker paused past its lease, then resumed): the first wins, the other drops its copy.
   */
  async commit(target: JobTarget, built: BuiltArticle): Promise<CommitOutcome> {
    const doc = this.catalog.documents.findById(target.documentId);
    if (!doc) return 'removed';
    if (this.committed(target)) return 'already-committed';
    const corpus = this.corpora.get(target.projectId);
    const leftover = corpus.findArticleByDocument(target.documentId);
    if (leftover) corpus.deleteArticle(leftover.id);
    const { articleId } = corpus.insertArticle(built.article);
    const patch = { articleId, pageCount: built.article.pageCount, parsers: built.parsers, warnings: built.warnings, error: null };
    // A ready document whose article is missing is repaired; any other ready document was committed meanwhile.
    const ready =
      doc.status === 'ready'
        ? this.catalog.documents.updateStatus(target.documentId, 'ready', patch)
        : this.catalog.documents.updateStatusUnlessReady(target.documentId, 'ready', patch);
    if (ready) return 'committed';
    // Removed, or committed by another worker, while this one was committing: what was just stored belongs to nothing.
    corpus.deleteArticle(articleId);
    return this.catalog.documents.findById(target.documentId) ? 'already-committed' : 'removed';
  }
}
