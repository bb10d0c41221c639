import { PageReporter } from './page-reporter';

describe(PageReporter.name, () => {
  let clock: number;
  let sent: Array<[number, number] | [number, number, string]>;
  let release: Array<() => void>;
  let errors: unknown[];

  function reporter(): PageReporter {
    const send = (page: number, pages: number, step: string) => {
      sent.push(step === 'text' ? [page, pages] : [page, pages, step]);
      return new Promise<void>((resolve) => release.push(resolve));
    };
    return new PageReporter(
      send,
      (error) => fail(error),
      250,
      () => clock,
    );
  }
  const settle = async () => {
    for (const r of release.splice(0)) r();
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  beforeEach(() => {
    clock = 0;
    sent = [];
    release = [];
    errors = [];
  });
  afterEach(() => expect(errors).toEqual([]));

  it('sends at most one page per interval, one at a time, and always the last page', async () => {
    const pages = reporter();
    pages.report(1, 1000);
    pages.report(2, 1000); // one in flight: only the newest waits
    pages.report(3, 1000);
    await settle();
    expect(sent).toEqual([[1, 1000]]); // 3 is due only 250 ms after 1
    clock = 250;
    pages.report(4, 1000);
    await settle();
    expect(sent).toEqual([
      [1, 1000],
      [4, 1000],
    ]);
    for (let page = 5; page <= 1000; page++) pages.report(page, 1000);
    await settle();
    await settle();
    expect(sent).toEqual([
      [1, 1000],
      [4, 1000],
      [1000, 1000],
    ]);
  });

  it('waits on stop for the report in flight and sends nothing after it', async () => {
    const pages = reporter();
    pages.report(1, 10);
    pages.report(10, 10);
    let stopped = false;
    const stopping = pages.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    await settle();
    await stopping;
    pages.report(10, 10);
    await settle();
    expect(sent).toEqual([[1, 10]]);
  });

  it('sends how each page was read: a text page as text (the default), a page read by OCR as ocr', async () => {
    const pages = reporter();
    pages.report(1, 3);
    await settle();
    clock = 250;
    pages.report(2, 3, 'ocr');
    await settle();
    pages.report(3, 3, 'text');
    await settle();
    expect(sent).toEqual([
      [1, 3],
      [2, 3, 'ocr'],
      [3, 3],
    ]);
  });
});
