import { corpusPdf } from '../../../../test/support/paths';
import { startUnstructuredReplay, type UnstructuredReplay } from '../../../../test/replay/unstructured.replay-server';
import { ParserOutputError, ParserUnavailableError } from '../service-errors';
import { UnstructuredClient } from './unstructured.client';

const DIB = corpusPdf('dib-2019-sanni-p454.pdf');

/** Polls until `condition` holds; fails after `limitMs` instead of hanging the suite. */
async function until(condition: () => boolean, limitMs = 5000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe(UnstructuredClient.name, () => {
  let replay: UnstructuredReplay;

  beforeEach(async () => {
    replay = await startUnstructuredReplay();
  });

  afterEach(async () => {
    await replay.close();
  });

  it('returns the recorded elements of the PDF it uploads, Table HTML included', async () => {
    const elements = await new UnstructuredClient({ baseUrl: replay.url }).partition(DIB);
    expect(elements).toHaveLength(32);
    const table = elements.find((element) => element.type === 'Table');
    expect(table?.metadata.page_number).toBe(1);
    expect(table?.metadata.text_as_html).toMatch(/^<table><thead>/);
    expect(replay.requests).toBe(1);
  });

  it('asks for hi_res with table structure inference and sends the API key', async () => {
    await new UnstructuredClient({ baseUrl: `${replay.url}/`, apiKey: 'k-123' }).partition(DIB);
    expect(replay.lastRequest?.fields.get('strategy')).toEqual(['hi_res']);
    expect(replay.lastRequest?.fields.get('pdf_infer_table_structure')).toEqual(['true']);
    expect(replay.lastRequest?.apiKey).toBe('k-123');
  });

  it('retries after 5xx answers and succeeds when the service recovers', async () => {
    replay.setFault({ kind: 'status', status: 503, times: 2 });
    const elements = await new UnstructuredClient({ baseUrl: replay.url, retries: 2 }).partition(DIB);
    expect(elements).toHaveLength(32);
    expect(replay.requests).toBe(3);
  });

  it('gives up with ParserUnavailableError when 5xx answers outlast the retries', async () => {
    replay.setFault({ kind: 'status', status: 500 });
    const error = await new UnstructuredClient({ baseUrl: replay.url, retries: 1 }).partition(DIB).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParserUnavailableError);
    expect((error as Error).message).toMatch(/^unstructured: HTTP 500: replayed error 500 \(after 2 attempts\)$/);
    expect(replay.requests).toBe(2);
  });

  it('reports a service that is down as ParserUnavailableError', async () => {
    await replay.close();
    const client = new UnstructuredClient({ baseUrl: replay.url, retries: 1 });
    await expect(client.partition(DIB)).rejects.toThrow(ParserUnavailableError);
    await expect(client.partition(DIB)).rejects.toThrow(/cannot reach http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED/);
    replay = await startUnstructuredReplay();
  });

  it('retries a dropped connection, then reports it as ParserUnavailableError', async () => {
    replay.setFault({ kind: 'drop' });
    await expect(new UnstructuredClient({ baseUrl: replay.url, retries: 1 }).partition(DIB)).rejects.toThrow(ParserUnavailableError);
    expect(replay.requests).toBe(2);
  });

  it('reports a truncated JSON answer as ParserOutputError without retrying', async () => {
    replay.setFault({ kind: 'garbage' });
    await expect(new UnstructuredClient({ baseUrl: replay.url }).partition(DIB)).rejects.toThrow(ParserOutputError);
    expect(replay.requests).toBe(1);
  });

  it('reports an empty answer as ParserOutputError', async () => {
    replay.setFault({ kind: 'empty' });
    await expect(new UnstructuredClient({ baseUrl: replay.url }).partition(DIB)).rejects.toThrow(/unstructured: the answer is empty/);
  });

  it('reports a rejected document (422) as ParserOutputError with the service’s reason', async () => {
    const error = await new UnstructuredClient({ baseUrl: replay.url }).partition(corpusPdf('acl-N18-3011.pdf')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParserOutputError);
    expect((error as Error).message).toMatch(
      /rejected the document: HTTP 422: replay: no recorded Unstructured output .*\(corpus acl-N18-3011\)/,
    );
    expect(replay.requests).toBe(1);
  });

  it('times out a slow answer with ParserUnavailableError and does not retry it', async () => {
    replay.setFault({ kind: 'slow', ms: 30_000 });
    const client = new UnstructuredClient({ baseUrl: replay.url, timeoutMs: 200, retries: 2 });
    await expect(client.partition(DIB)).rejects.toThrow(/unstructured: no answer within 200 ms/);
    expect(replay.requests).toBe(1);
  });

  it("rejects with the caller's abort reason, during a request or before it", async () => {
    replay.setFault({ kind: 'slow', ms: 30_000 });
    const client = new UnstructuredClient({ baseUrl: replay.url });
    const controller = new AbortController();
    const pending = client.partition(DIB, controller.signal);
    await until(() => replay.requests === 1);
    const reason = new Error('document deleted');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    await expect(client.partition(DIB, AbortSignal.abort(reason))).rejects.toBe(reason);
  });

  it('is alive when the health check answers, and not when the service errs or is gone', async () => {
    const client = new UnstructuredClient({ baseUrl: replay.url });
    expect(await client.isAlive()).toBe(true);
    replay.setFault({ kind: 'status', status: 503 });
    expect(await client.isAlive()).toBe(false);
    await replay.close();
    expect(await client.isAlive()).toBe(false);
    replay = await startUnstructuredReplay();
  });
});
