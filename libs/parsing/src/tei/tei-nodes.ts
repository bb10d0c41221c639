import { XMLParser } from 'fast-xml-parser';

/** With `preserveOrder`, fast-xml-parser gives each element as `{ tag: children, ':@': attributes }`. */
export type TeiNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // GROBID declares the TEI namespace on the root in some versions and on every div/persName in others.
  removeNSPrefix: true,
  preserveOrder: true,
  // Whitespace is collapsed by textOf, so `xml:space="preserve"` and pretty-printing read the same.
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  // Numeric character references (`&#233;`) are only decoded with this on.
  htmlEntities: true,
});

export function parseXml(xml: string): TeiNode[] {
  return parser.parse(xml) as TeiNode[];
}

export const tagOf = (node: TeiNode): string => Object.keys(node).find((k) => k !== ':@') ?? '';

export function children(node: TeiNode): TeiNode[] {
  const value = node[tagOf(node)];
  return Array.isArray(value) ? (value as TeiNode[]) : [];
}

export const attr = (node: TeiNode, name: string): string | undefined => node[':@']?.[name];

export const findChild = (nodes: TeiNode[], tag: string): TeiNode | undefined => nodes.find((n) => tagOf(n) === tag);

export const childrenNamed = (node: TeiNode, tag: string): TeiNode[] => children(node).filter((n) => tagOf(n) === tag);

export function findPath(nodes: TeiNode[], path: string[]): TeiNode | undefined {
  let current: TeiNode | undefined;
  for (const tag of path) {
    current = findChild(nodes, tag);
    if (!current) return undefined;
    nodes = children(current);
  }
  return current;
}

/** Every descendant (depth-first, document order) with the tag. */
export function descendants(node: TeiNode, tag: string): TeiNode[] {
  const out: TeiNode[] = [];
  const walk = (n: TeiNode) => {
    for (const child of children(n)) {
      if (tagOf(child) === tag) out.push(child);
      walk(child);
    }
  };
  walk(node);
  return out;
}

/**
 * Elements whose text must not run into their neighbour's: GROBID writes `<s>A.</s><s>B.</s>` and
 * `<forename>J</forename><surname>Doe</surname>` without whitespace between them.
 */
const SEPARATED = new Set([
  's',
  'p',
  'div',
  'head',
  'label',
  'figDesc',
  'row',
  'cell',
  'forename',
  'surname',
  'note',
  'item',
  'formula',
  'table',
  'trash',
]);

/** All text under the nodes, whitespace collapsed. */
export function textOf(nodes: TeiNode | TeiNode[]): string {
  const parts: string[] = [];
  const walk = (n: TeiNode) => {
    const tag = tagOf(n);
    if (tag === '#text') parts.push(String(n['#text']));
    else if (SEPARATED.has(tag)) {
      parts.push(' ');
      children(n).forEach(walk);
      parts.push(' ');
    } else children(n).forEach(walk);
  };
  (Array.isArray(nodes) ? nodes : [nodes]).forEach(walk);
  return collapse(parts.join(''));
}

export const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();
