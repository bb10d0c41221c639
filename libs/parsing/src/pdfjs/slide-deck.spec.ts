import { readFileSync } from 'node:fs';
import { addOutline } from '../../../../test/fixtures/pdf-outline';
import type { ParsedArticle } from '../article';
import { PdfjsParser } from './pdfjs.parser';

/** A beamer-like deck (`test/fixtures/slides/build.js`) with its sections in the outline, as beamer writes them. */
async function deck(): Promise<Uint8Array> {
  const pdf = new Uint8Array(readFileSync('test/fixtures/slides/deck.pdf'));
  return new Uint8Array(
    await addOutline(pdf, [
      { title: 'Method', page: 3, top: 404.88 },
      { title: 'Results', page: 6, top: 404.88 },
    ]),
  );
}

const blocks = (article: ParsedArticle) => article.sections.flatMap((s) => s.blocks);

describe('PdfjsParser on a slide deck', () => {
  let article: ParsedArticle;
  beforeAll(async () => {
    article = await new PdfjsParser().parse(await deck(), { ocr: { mode: 'off', langs: ['eng'] } });
  });

  it('keeps what the title slides say besides the title in a passage', () => {
    const text = blocks(article)
      .filter((b) => b.page <= 2)
      .map((b) => b.text)
      .join('\n');
    // The title is the article's; what the title slides say besides it is a passage.
    expect(article.title).toBe('Reading Herbarium Labels');
    for (const line of ['Handwriting recognition on specimen sheets', 'March 4, 2025']) expect(text).toContain(line);
  });

  it('keeps each frame title with its own slide, before that slide body', () => {
    const all = blocks(article);
    for (const [title, page, body] of [
      ['Scanning the sheets', 4, 'Each sheet is photographed'],
      ['Transcribing the labels', 5, 'A line recognizer reads'],
      ['Accuracy by century', 7, 'Character error falls'],
    ] as const) {
      const at = all.findIndex((b) => b.text.startsWith(title));
      expect(all[at]).toMatchObject({ page });
      // No other frame title ran into it, and its slide's body follows it.
      for (const other of ['Scanning the sheets', 'Transcribing the labels', 'Accuracy by century'].filter((t) => t !== title))
        expect(all[at].text).not.toContain(other);
      expect(all.slice(at).find((b) => b.text.includes(body))?.page).toBe(page);
      expect(all.findIndex((b) => b.text.includes(body))).toBeGreaterThanOrEqual(at);
    }
  });

  it('leaves the footer bar repeated on every slide out of the passages', () => {
    expect(blocks(article).some((b) => b.text.includes('Seminar on Digital Collections'))).toBe(false);
    expect(article.sections.map((s) => s.title)).toEqual(expect.arrayContaining(['Method', 'Results']));
  });
});

describe('PdfjsParser on a deck with navigation links', () => {
  let article: ParsedArticle;
  beforeAll(async () => {
    // `test/fixtures/slides/build-nav-deck.js`: a headline linking each section on every slide, an outline frame.
    const pdf = new Uint8Array(readFileSync('test/fixtures/slides/nav-deck.pdf'));
    article = await new PdfjsParser().parse(pdf, { ocr: { mode: 'off', langs: ['eng'] } });
  });
  const section = (title: string) => article.sections.find((s) => s.title === title);

  it('takes sections and subsections from the navigation, each opening the slide its link goes to', () => {
    expect(article.sections.filter((s) => s.title).map((s) => [s.title, s.level])).toEqual([
      ['Motivation', 1],
      ['Why estuaries', 2],
      ['Candidate sites', 2],
      ['Turbines', 1],
      ['Rotor design', 2],
      ['Moorings', 2],
      ['Results', 1],
    ]);
    expect(section('Why estuaries')?.blocks[0]).toMatchObject({ page: 4, text: 'Tidal range on the Severn' });
    expect(section('Moorings')?.blocks[0]).toMatchObject({ page: 8, text: 'Anchoring in soft mud' });
  });

  it('keeps frame titles as their slides’ text, and the navigation headline out of every passage', () => {
    const texts = blocks(article).map((b) => b.text);
    expect(texts).toEqual(expect.arrayContaining(['Tidal range on the Severn', 'Yield per turbine']));
    // The headline prints "Motivation Turbines Results" on all nine slides; only the outline frame lists them once.
    expect(texts.filter((t) => t.includes('Turbines') && t.includes('Results'))).toEqual([]);
    expect(texts.some((t) => t.includes('Estuary Energy Workshop'))).toBe(false);
  });

  it('cites each slide’s text with its own page, though a sentence runs on into the next slide', () => {
    const runOn = blocks(article).find((b) => b.text.startsWith('channel narrows'));
    expect(runOn).toMatchObject({ page: 6 });
    expect(blocks(article).find((b) => b.text.startsWith('Twelve sites'))?.text).not.toContain('channel narrows');
  });

  it('titles the deck once: the title slide printed twice adds no passage repeating it', () => {
    expect(article.title).toBe('Tidal Energy in Estuaries');
    const texts = blocks(article).map((b) => b.text);
    expect(texts.filter((t) => t.includes('Tidal Energy in Estuaries'))).toEqual([]);
    expect(texts.filter((t) => t.includes('Turbines, moorings and yields'))).toHaveLength(1);
    expect(texts.some((t) => t.includes('June 12, 2025'))).toBe(true);
  });
});
