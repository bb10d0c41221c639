import { children, findChild, findPath, parseXml, tagOf, textOf, type TeiNode } from './tei-nodes';

export interface TeiOutline {
  title: string;
  /** `<head>` of each `<div>` in `<body>` and `<back>` (references excluded), in document order. */
  heads: { n: string | null; title: string }[];
  /** True when the `<listBibl>` holds at least one `<biblStruct>`. */
  hasReferences: boolean;
}

/**
 * Reads the outline of a GROBID TEI document. Handles the namespaced 0.5–0.8 output, `xml:space`,
 * and the older pretty-printed format; only `<div>` heads count (figure and table heads do not).
 */
export function readTeiOutline(xml: string): TeiOutline {
  const root = parseXml(xml);
  const tei = findChild(root, 'TEI');
  if (!tei) throw new Error('not a TEI document: no <TEI> root element');
  const header = findChild(children(tei), 'teiHeader');
  const titleStmt = findPath(header ? children(header) : [], ['fileDesc', 'titleStmt']);
  const titleNode = titleStmt ? children(titleStmt).find((n) => tagOf(n) === 'title') : undefined;
  const text = findChild(children(tei), 'text');
  const heads: TeiOutline['heads'] = [];
  let hasReferences = false;
  for (const part of text ? children(text) : []) {
    const tag = tagOf(part);
    if (tag !== 'body' && tag !== 'back') continue;
    collectHeads(children(part), heads);
    if (tag === 'back') hasReferences ||= containsBiblStruct(children(part), false);
  }
  return { title: titleNode ? textOf(titleNode) : '', heads, hasReferences };
}

function collectHeads(nodes: TeiNode[], heads: TeiOutline['heads']): void {
  for (const node of nodes) {
    if (tagOf(node) !== 'div') continue;
    const content = children(node);
    if (content.some((n) => tagOf(n) === 'listBibl')) continue;
    const head = content.find((n) => tagOf(n) === 'head');
    if (head) heads.push({ n: head[':@']?.n ?? null, title: textOf(head) });
    collectHeads(content, heads);
  }
}

function containsBiblStruct(nodes: TeiNode[], inList: boolean): boolean {
  return nodes.some((node) => {
    const tag = tagOf(node);
    if (tag === 'biblStruct' && inList) return true;
    return tag !== '#text' && containsBiblStruct(children(node), inList || tag === 'listBibl');
  });
}
