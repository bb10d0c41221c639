import { XMLParser } from 'fast-xml-parser';

export interface TeiOutline {
  title: string;
  /** `<head>` of each `<div>` in `<body>` and `<back>` (references excluded), in document order. */
  heads: { n: string | null; title: string }[];
  /** True when the `<listBibl>` holds at least one `<biblStruct>`. */
  hasReferences: boolean;
}

/** With `preserveOrder`, fast-xml-parser gives each element as `{ tag: children, ':@': attributes }`. */
type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  preserveOrder: true,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
});

/**
 * Reads the outline of a GROBID TEI document. Handles the namespaced 0.5–0.8 output, `xml:space`,
 * and the older pretty-printed format; only `<div>` heads count (figure and table heads do not).
 */
export function readTeiOutline(xml: string): TeiOutline {
  const root = parser.parse(xml) as OrderedNode[];
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

function collectHeads(nodes: OrderedNode[], heads: TeiOutline['heads']): void {
  for (const node of nodes) {
    if (tagOf(node) !== 'div') continue;
    const content = children(node);
    if (content.some((n) => tagOf(n) === 'listBibl')) continue;
    const head = content.find((n) => tagOf(n) === 'head');
    if (head) heads.push({ n: head[':@']?.n ?? null, title: textOf(head) });
    collectHeads(content, heads);
  }
}

function containsBiblStruct(nodes: OrderedNode[], inList: boolean): boolean {
  return nodes.some((node) => {
    const tag = tagOf(node);
    if (tag === 'biblStruct' && inList) return true;
    return tag !== '#text' && containsBiblStruct(children(node), inList || tag === 'listBibl');
  });
}

const tagOf = (node: OrderedNode): string => Object.keys(node).find((k) => k !== ':@') ?? '';

function children(node: OrderedNode): OrderedNode[] {
  const value = node[tagOf(node)];
  return Array.isArray(value) ? (value as OrderedNode[]) : [];
}

const findChild = (nodes: OrderedNode[], tag: string) => nodes.find((n) => tagOf(n) === tag);

function findPath(nodes: OrderedNode[], path: string[]): OrderedNode | undefined {
  let current: OrderedNode | undefined;
  for (const tag of path) {
    current = findChild(nodes, tag);
    if (!current) return undefined;
    nodes = children(current);
  }
  return current;
}

function textOf(node: OrderedNode): string {
  const parts: string[] = [];
  const walk = (n: OrderedNode) => {
    const tag = tagOf(n);
    if (tag === '#text') parts.push(String(n['#text']));
    else children(n).forEach(walk);
  };
  walk(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}
