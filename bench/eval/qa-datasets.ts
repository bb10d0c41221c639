import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { parseCovidContext, type CovidArticle } from './covid-article';
import type { EvalDataset, EvalQuestion } from './eval.types';

interface UdaAnswer {
  answer: string;
  type: string;
}
interface UdaQuestion {
  q_uid: string;
  question: string;
  bench_answers: UdaAnswer[] | null;
  bench_evidence: Array<{ raw_evidence: string[]; highlighted_evidence: string[] }> | null;
  pdf: string;
}
interface SquadFile {
  data: Array<{
    paragraphs: Array<{
      context: string;
      document_id: number | string;
      qas: Array<{ id: number | string; question: string; answers: Array<{ text: string }>; is_impossible?: boolean }>;
    }>;
  }>;
}

/**
 * QASPER (UDA subset) over the corpus's own arXiv PDFs. Only questions with annotated evidence paragraphs are
 * scored: the CSV-only ones carry answers like "BIBREF19" that never occur in a PDF.
 */
export async function loadQasper(corpusDir: string): Promise<EvalDataset> {
  const file = path.join(corpusDir, 'qa', 'uda-qasper', 'example_docs_qa.json');
  const { papers } = JSON.parse(await fs.readFile(file, 'utf8')) as { papers: Record<string, UdaQuestion[]> };
  const dataset: EvalDataset = { name: 'qasper', documents: [], questions: [], skipped: [] };
  for (const paperId of Object.keys(papers).sort()) {
    const questions = papers[paperId];
    const pdfPath = path.join(corpusDir, questions[0].pdf);
    dataset.documents.push({ dataset: 'qasper', key: paperId, filename: path.basename(pdfPath), pdf: await fs.readFile(pdfPath) });
    for (const q of questions) {
      const evidence = (q.bench_evidence ?? []).flatMap((e) => e.raw_evidence);
      if (evidence.length === 0) {
        dataset.skipped.push({ id: q.q_uid, reason: 'no evidence paragraphs annotated' });
        continue;
      }
      const answers = (q.bench_answers ?? []).filter((a) => a.type === 'extractive').map((a) => a.answer);
      dataset.questions.push({
        id: q.q_uid,
        dataset: 'qasper',
        documentKey: paperId,
        question: q.question,
        gold: { answers, evidenceParagraphs: evidence },
      });
    }
  }
  return dataset;
}

export interface CovidSource {
  articles: CovidArticle[];
  questions: EvalQuestion[];
  skipped: EvalDataset['skipped'];
}

/** COVID-QA articles in file order (the first `limit` of them), their text parsed for rendering, and their questions. */
export async function loadCovidQa(corpusDir: string, limit?: number): Promise<CovidSource> {
  const file = path.join(corpusDir, 'qa', 'covid-qa', '200423_covidQA.json');
  const squad = JSON.parse(await fs.readFile(file, 'utf8')) as SquadFile;
  const source: CovidSource = { articles: [], questions: [], skipped: [] };
  const paragraphs = squad.data.flatMap((article) => article.paragraphs).slice(0, limit ?? Number.MAX_SAFE_INTEGER);
  for (const paragraph of paragraphs) {
    const key = String(paragraph.document_id);
    source.articles.push(parseCovidContext(key, paragraph.context));
    for (const qa of paragraph.qas) {
      // answer_start is off by a few characters for ~17% of answers (SOURCES.md): the text is what counts.
      const answers = qa.answers.map((a) => a.text.trim()).filter((a) => a.length > 0);
      if (qa.is_impossible || answers.length === 0) {
        source.skipped.push({ id: String(qa.id), reason: 'no answer' });
        continue;
      }
      source.questions.push({
        id: String(qa.id),
        dataset: 'covid-qa',
        documentKey: key,
        question: qa.question,
        gold: { answers, evidenceParagraphs: [] },
      });
    }
  }
  return source;
}
