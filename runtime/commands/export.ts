/** `codegraph export [path] --format jsonl`: every node and edge with all properties, one JSON object per line. */
import path from 'node:path';
import type { Command } from '../cli.ts';
import { locateIndex } from '../../lib/analyze/status.ts';
import { exportLines } from '../../lib/analyze/export.ts';
import { readGraphData } from '../../index-store/format.ts';
import { CodegraphError } from '../../lib/errors.ts';
import { parseOptions } from '../server-options.ts';

export const exportCommand: Command = {
  name: 'export',
  summary: 'Export the graph as JSON lines (nodes, then edges)',
  usage: 'codegraph export [path] [--format jsonl]\n  path: the repository or any folder inside it (default: the current folder)',
  async run(args) {
    const { values, positionals } = parseOptions(args, { format: { type: 'string' } }, true);
    if (positionals.length > 1) throw new CodegraphError('VALIDATION_ERROR', `export takes one path, got ${positionals.length}`);
    const format = values.format ?? 'jsonl';
    if (format !== 'jsonl') throw new CodegraphError('VALIDATION_ERROR', `unsupported --format '${format}'; supported: jsonl`);
    const { dir } = locateIndex(positionals[0] ?? process.cwd());
    const graph = readGraphData(path.resolve(dir));
    let chunk = '';
    for (const line of exportLines(graph)) {
      chunk += line + '\n';
      if (chunk.length > 1 << 16) { await write(chunk); chunk = ''; }
    }
    if (chunk) await write(chunk);
    return 0;
  },
};

/** Writes to stdout honouring back-pressure; a closed pipe (e.g. `| head`) ends the wait instead of hanging. */
function write(text: string): Promise<void> {
  return new Promise((resolve) => {
    const out = process.stdout;
    if (out.write(text)) { resolve(); return; }
    const done = (): void => {
      out.off('drain', done); out.off('close', done); out.off('error', done);
      resolve();
    };
    out.on('drain', done); out.on('close', done); out.on('error', done);
  });
}
