/** The `codegraph` command line: dispatches to one module per command in runtime/commands/. */
import { commands } from './commands/index.ts';
import { isCodegraphError } from '../lib/errors.ts';

/** A CLI command: parses its own arguments, prints its own output, returns the exit code. */
export interface Command {
  name: string;
  /** One line for the help listing. */
  summary: string;
  /** Usage line(s), e.g. `codegraph analyze [path] [--name N] [--force]`. */
  usage: string;
  run(args: string[]): Promise<number>;
}

function help(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return ['usage: codegraph <command> [options]', '', 'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`), '', 'codegraph <command> --help for details'].join('\n');
}

/** Runs the CLI with `argv` (without node and script); returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') { process.stdout.write(help() + '\n'); return name ? 0 : 1; }
  if (name === '--version' || name === '-v') { process.stdout.write('codegraph 0.1.0\n'); return 0; }
  const cmd = commands.find((c) => c.name === name);
  if (!cmd) { process.stderr.write(`codegraph: unknown command '${name}'\n\n${help()}\n`); return 2; }
  if (rest.includes('--help') || rest.includes('-h')) { process.stdout.write(`usage: ${cmd.usage}\n`); return 0; }
  try {
    return await cmd.run(rest);
  } catch (err) {
    if (isCodegraphError(err)) { process.stderr.write(`codegraph ${name}: ${err.code}: ${err.message}\n`); return 1; }
    process.stderr.write(`codegraph ${name}: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}
