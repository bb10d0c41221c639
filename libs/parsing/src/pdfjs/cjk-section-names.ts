/**
 * Section names of Chinese, Japanese and Korean documents (alternations, no anchors), joined into the shared
 * section-name patterns of `text-patterns.ts` and the contents title of `toc-detector.ts`.
 */

/** A bibliography's title: "参考文献", traditional "參考文獻", Korean "참고 문헌". */
export const CJK_REFERENCES_NAMES = '参考文献|參考文獻|参考書目|참고\\s?문헌';

/** A printed table of contents: "目录", "目錄", Japanese "目次", Korean "차례", "목차". */
export const CJK_CONTENTS_NAMES = '目录|目錄|目次|もくじ|차례|목차';

/** Usual section names of theses, reports and manuals: abstract, preface, introduction, conclusion, thanks, appendix. */
export const CJK_KNOWN_NAMES =
  '(?:中文|英文)?摘要|概要|要旨|要約|前言|序言|序論|序章|引言|绪论|緒論|はじめに|おわりに|まとめ|结论|結論|结语|結語|总结|總結|' +
  '致谢|致謝|謝辞|谢辞|附录|附錄|付録|索引|术语表|用語集|초록|요약|서론|결론|부록|찾아보기|감사의\\s?글|' +
  `${CJK_CONTENTS_NAMES}|${CJK_REFERENCES_NAMES}`;

/** Figure and table labels: "图 1", "圖2", Japanese "図 3", "表 4", Korean "그림 5", "표 6". */
export const CJK_CAPTION_LABELS = '图|圖|図|表|그림|표';
