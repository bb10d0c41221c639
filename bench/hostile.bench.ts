import * as fs from 'node:fs';
import * as http from 'node:http';
import { performance } from 'node:perf_hooks';
import { bombInflatedBytes, buildBombPdf, buildShortPdf } from '../test/hostile/hostile-pdfs';
import { startApiProcess } from './api-process';

/**
 * Issue 20's measure: each hostile class against the real API (a child process per case, so its peak memory is its
 * own): whether it was handled (a clear 4xx, or the document failed alone with its reason while a good one next to it
 * became ready), how long failing took, the process's peak memory above its idle RSS, and `/health` and search p50
 * while the bomb was in flight against the same API idle, measured in the same run.
 */
export type HostileRow = Record<string, string> & {
  class: string;
  handled: string;
  failAloneS: string;
  peakMemoryMb: string;
  healthRatio: string;
  searchRatio: string;
  reason: string;
};

const MB = 1024 * 1024;

/** One API per case, embedding lexically on one pool thread. */
const startApi = (env: Record<string, string>) =>
  startApiProcess({ env: { EMBEDDINGS: 'lexical', WORKERS: '1', ...env }, dataDirPrefix: 'lectern-hostile-bench-' });

/** VmRSS and VmHWM (peak RSS since start) of a process, in bytes. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

async function upload(base: string, projectId: string, files: Array<{ name: string; data: Buffer }>): Promise<Response> {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)], { type: 'application/pdf' }), f.name);
  return fetch(`${base}/projects/${projectId}/documents`, { method: 'POST', body: form });
}

async function p50(times: number, request: () => Promise<Response>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    const res = await request();
    await res.arrayBuffer();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

async function documentOf(base: string, id: string): Promise<{ status: string; error: string | null }> {
  return (await (await fetch(`${base}/documents/${id}`)).json()) as { status: string; error: string | null };
}

/** Polls a document until it is ready or failed. */
async function settled(base: string, id: string): Promise<{ status: string; error: string | null }> {
  for (;;) {
    const state = await documentOf(base, id);
    if (state.status === 'failed' || state.status === 'ready') return state;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** fetch() may not set `Host`: a plain request does. */
function getWithHost(base: string, pathname: string, host: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${pathname}`, { headers: { Host: host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(new Response(Buffer.concat(chunks), { status: res.statusCode })));
    });
    req.on('error', reject);
  });
}

interface BombCase {
  class: string;
  env: Record<string, string>;
  pdf: () => Buffer;
}

async function runBombCase(c: BombCase, log: (line: string) => void): Promise<HostileRow> {
  const pdf = c.pdf();
  const api = await startApi(c.env);
  try {
    const project = (await (
      await fetch(`${api.base}/projects`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"bench"}' })
    ).json()) as { id: string };
    const good = buildShortPdf(['A good paper next to the bomb.', 'It must end ready with its passage while the bomb fails alone.']);
    await upload(api.base, project.id, [
      { name: 'warm.pdf', data: buildShortPdf(['Warm up the pool thread and the corpus.', 'Search needs one ready document.']) },
    ]);
    const search = () =>
      fetch(`${api.base}/projects/${project.id}/search`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"query":"paper passage"}',
      });
    const health = () => fetch(`${api.base}/health`);
    const idleHealth = await p50(40, health);
    const idleSearch = await p50(40, search);
    const before = memoryOf(api.pid);
    const started = performance.now();
    const res = await upload(api.base, project.id, [
      { name: 'bomb.pdf', data: pdf },
      { name: 'good.pdf', data: good },
    ]);
    const [bomb, goodDoc] = ((await res.json()) as { documents: Array<{ id: string }> }).documents;
    const busyHealth = await p50(40, health);
    const busySearch = await p50(40, search);
    const state = await settled(api.base, bomb.id);
    const failedAfter = (performance.now() - started) / 1000;
    const goodState = await settled(api.base, goodDoc.id);
    const after = memoryOf(api.pid);
    const handled = state.status === 'failed' && goodState.status === 'ready' && (await health()).ok;
    log(`${c.class}: ${state.status} in ${failedAfter.toFixed(1)} s (${state.error})`);
    return {
      class: c.class,
      handled: handled ? 'yes' : 'NO',
      failAloneS: failedAfter.toFixed(1),
      peakMemoryMb: `${Math.round((after.peak - before.rss) / MB)}`,
      healthRatio: `${(busyHealth / idleHealth).toFixed(2)}× (${idleHealth.toFixed(1)} → ${busyHealth.toFixed(1)} ms)`,
      searchRatio: `${(busySearch / idleSearch).toFixed(2)}× (${idleSearch.toFixed(1)} → ${busySearch.toFixed(1)} ms)`,
      reason: state.error ?? '',
    };
  } finally {
    await api.stop();
  }
}

/** The request-level classes: each answered with its 4xx and message (one API). */
async function runRequestClasses(): Promise<HostileRow[]> {
  const api = await startApi({ MAX_UPLOAD_MB: '1', MAX_UPLOAD_FILES: '3', MAX_REQUEST_MB: '2' });
  const rows: HostileRow[] = [];
  type Answer = { message?: string; rejected?: Array<{ reason: string }> };
  const row = (cls: string, res: Response, expected: number, body: Answer) =>
    rows.push({
      class: cls,
      handled: res.status === expected ? 'yes' : `NO (${res.status})`,
      failAloneS: '—',
      peakMemoryMb: '—',
      healthRatio: '—',
      searchRatio: '—',
      reason: `${res.status} ${body.rejected?.[0]?.reason ?? body.message ?? ''}`,
    });
  try {
    const project = (await (
      await fetch(`${api.base}/projects`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"bench"}' })
    ).json()) as { id: string };
    const deep = `{"query": ${'['.repeat(3000)}${']'.repeat(3000)}}`;
    let res = await fetch(`${api.base}/projects/${project.id}/search`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: deep,
    });
    row('JSON nested 3,000 deep', res, 400, (await res.json()) as Answer);
    res = await getWithHost(api.base, '/health', 'rebind.attacker.example');
    row('Host of a rebinding domain', res, 421, (await res.json()) as Answer);
    const one = buildShortPdf(['x']);
    res = await upload(api.base, project.id, [
      { name: 'big.pdf', data: Buffer.concat([one, Buffer.alloc(MB + 1, 0x20)]) },
      { name: 'ok.pdf', data: buildShortPdf(['A small file that is fine.']) },
    ]);
    row('one file over MAX_UPLOAD_MB in a batch', res, 202, (await res.json()) as Answer);
    res = await upload(
      api.base,
      project.id,
      Array.from({ length: 4 }, (_, i) => ({ name: `${i}.pdf`, data: one })),
    );
    row('more files than MAX_UPLOAD_FILES', res, 400, (await res.json()) as Answer);
    res = await upload(
      api.base,
      project.id,
      Array.from({ length: 3 }, (_, i) => ({ name: `${i}.pdf`, data: Buffer.concat([one, Buffer.alloc(900 * 1024, 0x20)]) })),
    );
    row('more bytes than MAX_REQUEST_MB', res, 413, (await res.json()) as Answer);
    res = await upload(api.base, project.id, [{ name: 'invoice\u202Efdp.exe', data: one }]);
    row('filename with a right-to-left override', res, 422, (await res.json()) as Answer);
  } finally {
    await api.stop();
  }
  return rows;
}

export async function runHostileBench(log: (line: string) => void = console.log): Promise<{ rows: HostileRow[]; notes: string[] }> {
  const noCaps = { PARSE_MAX_CONTENT_MB: '4096', PARSE_MAX_PAGE_ITEMS: '10000000' };
  const cases: BombCase[] = [
    {
      class: `content bomb: ${Math.round(bombInflatedBytes(10_000_000) / MB)} MB of text operators`,
      env: {},
      pdf: () => buildBombPdf({ itemsPerPage: 10_000_000 }),
    },
    { class: 'page with 60,000 text items', env: {}, pdf: () => buildBombPdf({ itemsPerPage: 60_000 }) },
    {
      class: 'parse past PARSE_TIMEOUT_SECONDS=5 (caps off)',
      env: { ...noCaps, PARSE_TIMEOUT_SECONDS: '5' },
      pdf: () => buildBombPdf({ pages: 40, itemsPerPage: 45_000 }),
    },
    {
      class: 'thread heap past WORKER_MAX_MEMORY_MB=256 (caps off)',
      env: { ...noCaps, WORKER_MAX_MEMORY_MB: '256' },
      pdf: () => buildBombPdf({ itemsPerPage: 3_000_000 }),
    },
  ];
  const rows: HostileRow[] = [];
  for (const c of cases) rows.push(await runBombCase(c, log));
  rows.push(...(await runRequestClasses()));
  const sizes = cases.map((c) => `${c.class}: ${Math.round(c.pdf().length / 1024)} KB`);
  return {
    rows,
    notes: [
      `File sizes: ${sizes.join('; ')}. Peak memory: the API process's peak RSS (VmHWM) during the case minus its RSS just before the upload.`,
      'Latency: p50 of 40 sequential requests, idle (before the upload) and with the bomb in flight (right after it), same API process.',
    ],
  };
}
