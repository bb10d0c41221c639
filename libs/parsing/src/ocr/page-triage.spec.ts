import { readableLetters, textStatistics, triagePageText } from './page-triage';

const ENGLISH =
  'We describe a deployed scalable system for organizing published scientific literature into a heterogeneous graph to facilitate ' +
  'algorithmic manipulation and discovery. The resulting literature graph consists of more than 280M nodes, representing papers, ' +
  'authors, entities and various interactions between them.';
const SPANISH =
  'El desarrollo territorial rural en América Latina ha sido objeto de numerosos debates durante las últimas décadas, en los que ' +
  'se discute la relación entre las políticas públicas y las realidades de los territorios rurales de la región y sus habitantes.';
/** What a broken ToUnicode map (glyph indices 29 places off) makes of English text. */
const shifted = (text: string) => [...text].map((c) => (c === ' ' ? c : String.fromCharCode(c.charCodeAt(0) - 29))).join('');

/**
 * Pages in other scripts, each with the Latin acronyms, file formats and addresses such pages carry: more than eight
 * Latin "words", most without a vowel and none an English stopword — what the shifted-letters test looks for.
 */
const ACRONYMS = 'PDF FTP VPN WLAN HTML TXT PPT SQL';
const OTHER_SCRIPTS: Record<string, string> = {
  Chinese:
    `论文全文须转换为 ${ACRONYMS} 以外的格式时，请先联系图书馆信息技术部。本研究收集了公开发表的论文数据，构建了引用关系网络，` +
    '结果表明不同学科的引用习惯差异很大。今后我们将把研究对象扩大到更多的学科领域。',
  Japanese:
    `本研究では、${ACRONYMS} などの形式で公開されている論文データを収集し、引用関係のネットワークを構築した。` +
    'その結果、分野ごとに引用の傾向が大きく異なることが明らかになった。今後はより多くの分野に対象を広げる予定である。',
  Korean:
    `이 연구에서는 ${ACRONYMS} 형식으로 공개된 논문 자료를 수집하여 인용 관계의 네트워크를 구축하였다. ` +
    '그 결과 분야별로 인용 경향이 크게 다르다는 것이 밝혀졌다. 앞으로 더 많은 분야로 대상을 넓힐 예정이다.',
  Russian:
    `В работе рассматриваются методы обработки документов в форматах ${ACRONYMS}, которые широко используются в научных ` +
    'библиотеках. Показано, что предложенный подход позволяет сократить время обработки почти вдвое по сравнению с известными.',
  Greek:
    `Στην εργασία αυτή εξετάζονται μέθοδοι επεξεργασίας εγγράφων σε μορφές ${ACRONYMS}, οι οποίες χρησιμοποιούνται ευρέως ` +
    'στις επιστημονικές βιβλιοθήκες. Τα αποτελέσματα δείχνουν ότι η προτεινόμενη μέθοδος μειώνει σημαντικά τον χρόνο.',
  Arabic:
    `تتناول هذه الدراسة طرق معالجة الوثائق بصيغ ${ACRONYMS} المستخدمة على نطاق واسع في المكتبات العلمية، ` +
    'وتبين النتائج أن الطريقة المقترحة تقلل وقت المعالجة بشكل كبير مقارنة بالطرق المعروفة في هذا المجال.',
  Hindi:
    `इस अध्ययन में ${ACRONYMS} जैसे प्रारूपों में उपलब्ध शोध पत्रों का विश्लेषण किया गया है, जो वैज्ञानिक पुस्तकालयों में ` +
    'व्यापक रूप से उपयोग किए जाते हैं। परिणाम बताते हैं कि प्रस्तावित विधि से प्रसंस्करण का समय काफी कम हो जाता है।',
};
/** What Tesseract's English model reads off a page of Chinese text: capitals, digits and fragments. */
const ENGLISH_OCR_OF_CHINESE = 'RETR M 2005 4 3 AL, SCA SC o ARAR FAR ITT ESR EAR RL 2003 FE HR TE SAE, BRE PDF RRM FTP Ai';

describe(triagePageText.name, () => {
  it('keeps English and Spanish text layers', () => {
    expect(triagePageText(ENGLISH)).toBe('text');
    expect(triagePageText(SPANISH)).toBe('text');
  });

  it('keeps a table of numbers with its header words', () => {
    expect(triagePageText('Table 2: Results on the test set Model P R F1 ' + '0.81 0.77 0.79 12.4 '.repeat(20))).toBe('text');
  });

  it('calls a page with only a page number or nothing empty', () => {
    expect(triagePageText('')).toBe('empty');
    expect(triagePageText(' 12 ')).toBe('empty');
  });

  it('calls private-use or replacement characters garbage', () => {
    const pua = [...ENGLISH].map((c) => (c === ' ' ? c : String.fromCharCode(0xe000 + c.charCodeAt(0)))).join('');
    expect(triagePageText(pua)).toBe('garbage');
    expect(triagePageText('\ufffd\ufffd\ufffd '.repeat(20) + ENGLISH.slice(0, 60))).toBe('garbage');
  });

  it('calls letters shifted by a broken ToUnicode map garbage', () => {
    expect(shifted('Performance')).toBe('3HUIRUPDQFH');
    expect(textStatistics(shifted(ENGLISH)).stopwords).toBeLessThan(0.05);
    expect(triagePageText(shifted(ENGLISH))).toBe('garbage');
  });

  it.each(Object.keys(OTHER_SCRIPTS))('keeps a %s text layer with many Latin acronyms', (language) => {
    const stats = textStatistics(OTHER_SCRIPTS[language]);
    // The page does look like shifted Latin by the word tests alone: they must not judge it.
    expect(stats.latinWords).toBeGreaterThanOrEqual(8);
    expect(stats.wordLike).toBeLessThan(0.6);
    expect(stats.scriptShare).toBeGreaterThan(0.7);
    expect(triagePageText(OTHER_SCRIPTS[language])).toBe('text');
  });

  it('still calls a Chinese page whose code points are mostly private-use garbage', () => {
    const pua = [...OTHER_SCRIPTS.Chinese].map((c, i) => (i % 4 === 0 ? '\ue123' : c)).join('');
    expect(triagePageText(pua)).toBe('garbage');
  });
});

describe(readableLetters.name, () => {
  it('rates a Chinese text layer above what English OCR makes of the same page', () => {
    expect(readableLetters(OTHER_SCRIPTS.Chinese)).toBeGreaterThan(3 * readableLetters(ENGLISH_OCR_OF_CHINESE));
  });

  it('rates English OCR above a shifted or private-use text layer of the same words', () => {
    const pua = [...ENGLISH].map((c) => (c === ' ' ? c : String.fromCharCode(0xe000 + c.charCodeAt(0)))).join('');
    expect(readableLetters(ENGLISH)).toBeGreaterThan(2 * readableLetters(shifted(ENGLISH)));
    expect(readableLetters(pua)).toBe(0);
  });

  it('counts the letters of every script, but not tokens that mix scripts', () => {
    for (const language of ['Russian', 'Greek', 'Arabic', 'Hindi', 'Korean', 'Japanese'])
      expect(readableLetters(OTHER_SCRIPTS[language])).toBeGreaterThan(50);
    expect(readableLetters('дaнныe')).toBe(0);
  });
});
