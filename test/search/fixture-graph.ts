/**
 * A hand-built graph of test/fixtures/search/app (the indexer's output shape, DESIGN.md §4), so search can
 * be tested before and independently of the indexer. Lines are found in the files, not hard-coded.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CodeGraph } from '../../lib/graph/code-graph.ts';
import { GraphBuilder } from '../../lib/graph/builder.ts';
import { makeUid, type NodeLabel } from '../../lib/graph/schema.ts';

export const APP_DIR = fileURLToPath(new URL('../fixtures/search/app/', import.meta.url));

/** All fixture files by relative path. */
export function appFiles(): Record<string, string> {
  return filesUnder(APP_DIR);
}

/** The text of every file under `root`, by relative path ('/'-separated, sorted walk). */
export function filesUnder(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[path.relative(root, full).split(path.sep).join('/')] = readFileSync(full, 'utf8');
    }
  };
  walk(root);
  return out;
}

type Decl = [label: NodeLabel, file: string, qualified: string, module: string];

const DECLS: Decl[] = [
  ['Function', 'src/auth/login.ts', 'verifyPassword', 'auth'],
  ['Function', 'src/auth/login.ts', 'hashPassword', 'auth'],
  ['Function', 'src/auth/login.ts', 'handleLogin', 'auth'],
  ['Class', 'src/auth/session.ts', 'SessionStore', 'auth'],
  ['Property', 'src/auth/session.ts', 'SessionStore.sessions', 'auth'],
  ['Method', 'src/auth/session.ts', 'SessionStore.create', 'auth'],
  ['Method', 'src/auth/session.ts', 'SessionStore.destroy', 'auth'],
  ['Function', 'src/util/retry.ts', 'withRetry', 'util'],
  ['Interface', 'src/types.ts', 'UserRecord', 'auth'],
  ['TypeAlias', 'src/types.ts', 'Token', 'auth'],
  ['Enum', 'src/types.ts', 'Role', 'auth'],
  ['Variable', 'src/http/router.ts', 'routes', 'http'],
  ['Function', 'src/http/router.ts', 'route', 'http'],
  ['Function', 'src/http/router.ts', 'startServer', 'http'],
];

/** Processes: name and step symbols (qualified names) in order. */
const PROCESSES: Array<[string, string[]]> = [
  ['startServer → SessionStore.create', ['startServer', 'route', 'handleLogin', 'verifyPassword', 'hashPassword', 'SessionStore.create']],
  ['handleLogin → hashPassword', ['handleLogin', 'verifyPassword', 'hashPassword']],
];

function locate(text: string, name: string): { line: number; endLine: number } {
  const lines = text.split('\n');
  const re = new RegExp(`^\\s*(?:export\\s+)?(?:async\\s+)?(?:private\\s+)?(?:readonly\\s+)?(?:function|class|interface|type|enum|const|let)?\\s*${name}\\b`);
  const line = lines.findIndex((l) => re.test(l) && !l.trim().startsWith('*') && !l.trim().startsWith('import'));
  if (line < 0) throw new Error(`fixture: ${name} not found`);
  let depth = 0, seen = false, end = line;
  for (let i = line; i < lines.length; i++) {
    for (const ch of lines[i]) { if (ch === '{') { depth++; seen = true; } else if (ch === '}') depth--; }
    end = i;
    if ((seen && depth <= 0) || (!seen && lines[i].trim().endsWith(';'))) break;
  }
  return { line: line + 1, endLine: end + 1 };
}

/** The graph: files, symbols (with lines, doc first line, module), calls, modules and processes. */
export function appGraph(files = appFiles(), opts: { processes?: boolean } = {}): CodeGraph {
  const g = new GraphBuilder();
  for (const f of Object.keys(files)) g.addNode({ uid: `File:${f}`, label: 'File', name: path.posix.basename(f), filePath: f });
  const uidOf = new Map<string, string>();
  for (const [label, file, qualified, module] of DECLS) {
    const name = qualified.split('.').pop()!;
    const { line, endLine } = locate(files[file], name);
    const uid = makeUid(label, file, qualified);
    uidOf.set(qualified, uid);
    g.addNode({ uid, label, name, qualifiedName: qualified, filePath: file, line, endLine, module, exported: true, language: 'typescript' });
    g.addEdge({ source: `File:${file}`, target: uid, type: 'DEFINES', confidence: 1, reason: 'structure' });
  }
  for (const m of ['auth', 'util', 'http']) g.addNode({ uid: `Community:${m}`, label: 'Community', name: m });
  if (opts.processes !== false) {
    for (const [name, steps] of PROCESSES) {
      const puid = `Process:${name}`;
      g.addNode({ uid: puid, label: 'Process', name, steps: steps.length, entry: uidOf.get(steps[0]), terminal: uidOf.get(steps[steps.length - 1]), modules: ['auth'] });
      steps.forEach((q, i) => g.addEdge({ source: uidOf.get(q)!, target: puid, type: 'STEP_IN_PROCESS', confidence: 1, reason: 'process', step: i + 1 }));
      for (let i = 0; i + 1 < steps.length; i++) g.addEdge({ source: uidOf.get(steps[i])!, target: uidOf.get(steps[i + 1])!, type: 'CALLS', confidence: 0.9, reason: 'import' });
    }
  }
  return g.toGraph();
}
