import type { NextFunction, Request, Response } from 'express';

/** Deepest JSON body accepted: the widest DTO nests 3 levels; the validation pipe recurses and overflows past ~2,000. */
export const MAX_JSON_DEPTH = 32;

/** Depth of a parsed JSON value, walked without recursion (the point is to survive hostile nesting). */
export function jsonDepth(value: unknown, stopAt = Infinity): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > stopAt) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Refuses a JSON body nested deeper than MAX_JSON_DEPTH with a 400, before validation walks it. */
export function rejectDeepJson(req: Request, res: Response, next: NextFunction): void {
  if (req.body && typeof req.body === 'object' && jsonDepth(req.body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    res.status(400).json({ statusCode: 400, error: 'BadRequest', message: `the JSON body is nested deeper than ${MAX_JSON_DEPTH} levels` });
    return;
  }
  next();
}

/**
 * DNS rebinding (issue 20 item 13): a page on another site whose name now points at 127.0.0.1 reaches the API with
 * its own name in `Host`. Only the names in ALLOWED_HOSTS (default: the bind address and localhost) are served.
 */
export function allowOnlyHosts(allowed: readonly string[] | '*') {
  const names = allowed === '*' ? null : new Set(allowed.map((h) => h.toLowerCase()));
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!names) return next();
    const host = hostnameOf(req.headers.host ?? '');
    if (names.has(host)) return next();
    res.status(421).json({
      statusCode: 421,
      error: 'MisdirectedRequest',
      message: `this server does not answer to the host ${JSON.stringify(host)}; add it to ALLOWED_HOSTS to allow it`,
    });
  };
}

/** `example.org:3000` → `example.org`; `[::1]:3000` → `::1`. */
function hostnameOf(header: string): string {
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(1, value.indexOf(']'));
  const colon = value.lastIndexOf(':');
  return colon >= 0 && value.indexOf(':') === colon ? value.slice(0, colon) : value;
}
