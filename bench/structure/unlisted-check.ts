import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PdfjsParser } from '@lectern/parsing';
import { isUsableGold, readBookmarkGold } from './bookmark-gold';
import { FINAL_CHECK_MANIFEST_FILE, MANIFEST_FILE, readManifest, SET6_MANIFEST_FILE, unpackedDir } from './debian-set';
import { matchHeadings, precisionRecallF1 } from './structure-scoring';

/**
 * `node dist/bench/structure/unlisted-check.js [--out FILE.jsonl]`: a generalisation check on
 * bookmarked PDFs that no manifest lists. The set-2 packages are already unpacked by `npm run eval:structure`; every
 * PDF in them that is in no manifest (sets 2, 6, 8), every 3rd in path order, with a usable outline and at most
 * MAX_PAGES pages, is parsed with the outline hidden and scored like set 2. Run it on two builds to compare them:
 * nobody tunes on this set.
 */
const MAX_PAGES = 60;

function option(name: string): string | null {
  const at = process.argv.indexOf(name);
  return at >= 0 ? (process.argv[at + 1] ?? null) : null;
}

function candidates(): string[] {
  const set2 = readManifest(MANIFEST_FILE);
  const listed = new Set([...set2, ...readManifest(SET6_MANIFEST_FILE), ...readManifest(FINAL_CHECK_MANIFEST_FILE)].map((d) => d.file));
  const packages = [...new Map(set2.map((d) => [d.package, d.version])).entries()].sort(([a], [b]) => a.localeCompare(b));
  return packages.flatMap(([pkg, version]) => {
    const dir = unpackedDir(pkg, version);
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.pdf'))
      .map((f) => path.join(dir, f))
      .sort()
      .filter((f) => !listed.has(path.relative(dir, f)));
  });
}

async function main(): Promise<void> {
  const out = option('--out');
  const lines: string[] = [];
  const total = { matched: 0, predicted: 0, gold: 0 };
  let docs = 0;
  for (const file of candidates().filter((_, k) => k % 3 === 0)) {
    const data = new Uint8Array(readFileSync(file));
    const gold = await readBookmarkGold(data.slice()).catch(() => null);
    if (!gold || !isUsableGold(gold) || gold.pageCount > MAX_PAGES) continue;
    const article = await new PdfjsParser().parse(Buffer.from(data), { ignoreOutline: true }).catch(() => null);
    if (!article) continue;
    const sections = article.sections.filter((s) => s.title && s.number !== '0');
    const m = matchHeadings(
      sections,
      gold.bookmarks.map((b) => ({ title: b.title, level: b.level })),
    );
    docs++;
    total.matched += m.matched;
    total.predicted += m.predicted;
    total.gold += m.gold;
    lines.push(JSON.stringify({ file: path.basename(file), matched: m.matched, predicted: m.predicted, gold: m.gold }));
  }
  if (out) writeFileSync(out, lines.join('\n') + '\n');
  const { p, r, f1 } = precisionRecallF1(total);
  console.log(`| documents | gold | predicted | matched | heading P / R / F1 |\n| ---: | ---: | ---: | ---: | --- |`);
  console.log(`| ${docs} | ${total.gold} | ${total.predicted} | ${total.matched} | ${p.toFixed(3)} / ${r.toFixed(3)} / ${f1.toFixed(3)} |`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
