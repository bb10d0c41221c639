import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { CliError } from '../cli-error';

/** Expands the arguments of `lectern ingest`: files as given, folders searched recursively for `.pdf` files. */
export async function collectFiles(args: string[]): Promise<string[]> {
  const files: string[] = [];
  for (const arg of args) {
    const stat = await fs.stat(arg).catch(() => null);
    if (!stat) throw new CliError(`no such file or folder: ${arg}`);
    if (stat.isDirectory()) files.push(...(await pdfsUnder(arg)));
    else files.push(arg);
  }
  if (files.length === 0) throw new CliError(`no PDF files found in ${args.join(', ')}`);
  return [...new Set(files.map((f) => path.resolve(f)))];
}

async function pdfsUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await pdfsUnder(full)));
    else if (entry.isFile() && entry.name.toLowerCase().endsWith('.pdf')) found.push(full);
  }
  return found;
}
