/** The `codegraph` command line: dispatches to one module per command in runtime/commands/. */
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

/**
 * Commands whose module is imported on its own when they run, so e.g. `analyze` loads the pipeline and not
 * the tool handlers, Joi or the Cypher engine that `commands/index.ts` (every command) pulls in; in the bundle
 * each becomes its own chunk. Every other name (and the help) goes through the full list. A test checks that
 * each entry is the same command object as the list's.
 */
export const directCommands: Readonly<Record<string, () => Promise<Command>>> = {
  analyze: async () => (await import('./commands/analyze.ts')).analyzeCommand,
  status: async () => (await import('./commands/status.ts')).statusCommand,
  clean: async () => (await import('./commands/clean.ts')).cleanCommand,
  export: async () => (await import('./commands/export.ts')).exportCommand,
};

async function allCommands(): Promise<Command[]> {
  return (await import('./commands/index.ts')).commands;
}

function help(commands: Command[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return ['usage: codegraph <command> [options]', '', 'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`), '', 'codegraph <command> --help for details'].join('\n');
}

/** Runs the CLI with `argv` (without node and script); returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') { process.stdout.write(help(await allCommands()) + '\n'); return name ? 0 : 1; }
  if (name === '--version' || name === '-v') { process.stdout.write('codegraph 0.1.0\n'); return 0; }
  const direct = Object.hasOwn(directCommands, name) ? directCommands[name] : undefined;
  const cmd = direct ? await direct() : (await allCommands()).find((c) => c.name === name);
  if (!cmd) { process.stderr.write(`codegraph: unknown command '${name}'\n\n${help(await allCommands())}\n`); return 2; }
  if (rest.includes('--help') || rest.includes('-h')) { process.stdout.write(`usage: ${cmd.usage}\n`); return 0; }
  try {
    return await cmd.run(rest);
  } catch (err) {
    if (isCodegraphError(err)) { process.stderr.write(`codegraph ${name}: ${err.code}: ${err.message}\n`); return 1; }
    process.stderr.write(`codegraph ${name}: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}
