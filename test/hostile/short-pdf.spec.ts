import { buildArticle, NoTextLayerError } from '@lectern/parsing';
import { chunkArticle } from '@lectern/chunking';
import { TiktokenCounter } from '@lectern/text';
import { buildImageOnlyPdf } from '../fixtures/pdf-fixtures';
import { buildShortPdf } from './hostile-pdfs';

/** Issue 20 item 9: text is never dropped; a short PDF gets passages, a PDF without text fails with that reason. */
describe('short PDFs', () => {
  it('keeps the text of a two-line PDF as a passage', async () => {
    const lines = ['Notes on the tokenizer', 'The tokenizer splits words on whitespace and punctuation before stemming.'];
    const article = await buildArticle(buildShortPdf(lines), {});
    const chunked = chunkArticle(article, { maxTokens: 256, counter: new TiktokenCounter() });
    const passages = chunked.sections.flatMap((s) => s.contexts.map((c) => c.text)).join('\n');
    expect(passages).toContain('splits words on whitespace');
  });

  it('fails a PDF without text with that reason', async () => {
    await expect(buildArticle(buildImageOnlyPdf(), {})).rejects.toBeInstanceOf(NoTextLayerError);
  });
});
