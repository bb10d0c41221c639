/**
 * Section names and labels of Chinese, Japanese and Korean documents (alternations or class bodies, no anchors),
 * joined into the shared section-name patterns of `text-patterns.ts`, the contents title of `toc-detector.ts`, the
 * heading numbers of `cjk-numbering.ts` and the eval's heading normalizer.
 */

/** A bibliography's title: "参考文献", traditional "參考文獻", Korean "참고 문헌". */
export const CJK_REFERENCES_NAMES = '参考文献|參考文獻|参考書目|참고\\s?문헌';

/** A printed table of contents: "目录", "目錄", Japanese "目次", Korean "차례", "목차". */
export const CJK_CONTENTS_NAMES = '目录|目錄|目次|もくじ|차례|목차';

/** An appendix's label, before its letter or number: "附录 A", "附錄", Japanese "付録 B", Korean "부록 C". */
export const CJK_APPENDIX_NAMES = '附录|附錄|付録|부록';

/** The unit of a "第…章" label: chapter, part, section, lecture, article ("第一章", "第 2 节", "第3節", "第II部"). */
export const CJK_ORDINAL_UNITS = '章部編编篇讲講节節条條回';

/** The unit of a Korean "제 … 장" label: chapter, part, section ("제 1 장"). */
export const KOREAN_ORDINAL_UNITS = '장부절편';

/**
 * An abstract's label: Chinese "摘要" (also "中文摘要"), Japanese "要旨", "概要", "要約", Korean "초록", "요약", its letters
 * perhaps spaced apart ("摘 要").
 */
export const CJK_ABSTRACT_LABELS = String.raw`(?:中文)?摘\s{0,3}要|要\s{0,3}旨|概\s{0,3}要|要\s{0,3}約|초\s{0,3}록|요\s{0,3}약`;

/** Usual section names of theses, reports and manuals: abstract, preface, introduction, conclusion, thanks, appendix. */
export const CJK_KNOWN_NAMES =
  '(?:中文|英文)?摘要|概要|要旨|要約|前言|序言|序論|序章|引言|绪论|緒論|はじめに|おわりに|まとめ|结论|結論|结语|結語|总结|總結|' +
  '致谢|致謝|謝辞|谢辞|索引|术语表|用語集|초록|요약|서론|결론|찾아보기|감사의\\s?글|' +
  `${CJK_APPENDIX_NAMES}|${CJK_CONTENTS_NAMES}|${CJK_REFERENCES_NAMES}`;

/** Figure and table labels: "图 1", "圖2", Japanese "図 3", "表 4", Korean "그림 5", "표 6". */
export const CJK_CAPTION_LABELS = '图|圖|図|表|그림|표';
