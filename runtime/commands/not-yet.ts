/** Placeholder for a command whose owner has not landed it yet (removed once every command exists). */
import type { Command } from '../cli.ts';
export function notYet(name: string, summary: string, usage: string): Command {
  return { name, summary, usage, run: async () => { process.stderr.write(`codegraph ${name}: not implemented yet\n`); return 3; } };
}
