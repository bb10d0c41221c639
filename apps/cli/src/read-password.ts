import * as readline from 'node:readline';
import { CliError } from './cli-error';

/** The password: all of stdin (first line) with --password-stdin, else a prompt that does not echo. */
export async function readPassword(fromStdin: boolean, err: { write(text: string): unknown }): Promise<string> {
  if (fromStdin) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.split(/\r?\n/)[0];
  }
  if (!process.stdin.isTTY) throw new CliError('no terminal to ask for the password: pass it on stdin with --password-stdin');
  err.write('Password: ');
  const rl = readline.createInterface({ input: process.stdin, terminal: true });
  // Echo nothing while the password is typed.
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined;
  const answer = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  err.write('\n');
  return answer;
}
