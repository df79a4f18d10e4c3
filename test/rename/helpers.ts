/** Builders for hand-made rename fixtures: symbols, and references located by the nth whole-word occurrence. */
import { addCodeEdge, createCodeGraph } from '../../lib/graph/code-graph.ts';
import type { GraphNode, NodeLabel, RelType } from '../../lib/graph/schema.ts';
import type { Reference, ReferenceKind } from '../../lib/refs/reference-index.ts';
import { LineIndex, wholeWordOffsets } from '../../lib/rename/text.ts';

export interface SymbolSpec {
  label: NodeLabel;
  file: string;
  /** Qualified name within the file, e.g. `Service.run`. */
  qn: string;
  line: number;
  endLine?: number;
  exported?: boolean;
  uid?: string;
}

/** A hand-built repository: files, graph and references that tests assemble step by step. */
export class Fixture {
  readonly graph = createCodeGraph();
  readonly refs: Reference[] = [];
  constructor(readonly files: Record<string, string>) {
    for (const f of Object.keys(files)) if (/\.[cm]?[jt]sx?$/.test(f)) this.graph.addNode(`File:${f}`, { uid: `File:${f}`, label: 'File', name: f.split('/').pop()!, filePath: f });
  }

  /** Adds a symbol node (uid `<Label>:<file>:<qn>` unless given). */
  symbol(s: SymbolSpec): GraphNode {
    const name = s.qn.split('.').pop()!;
    const node: GraphNode = {
      uid: s.uid ?? `${s.label}:${s.file}:${s.qn}`, label: s.label, name, qualifiedName: s.qn, filePath: s.file,
      line: s.line, endLine: s.endLine ?? s.line, exported: s.exported ?? false,
      language: s.file.endsWith('.tsx') ? 'tsx' : /\.[cm]?ts$/.test(s.file) ? 'typescript' : 'javascript',
    };
    this.graph.addNode(node.uid, node);
    if (this.graph.hasNode(`File:${s.file}`)) addCodeEdge(this.graph, { source: `File:${s.file}`, target: node.uid, type: 'DEFINES', confidence: 1, reason: 'structure' });
    return node;
  }

  edge(source: string, target: string, type: RelType): void {
    addCodeEdge(this.graph, { source, target, type, confidence: 1, reason: 'heritage' });
  }

  /** Adds a reference to `target` at the nth (0-based) whole-word occurrence of `word` in `file`. */
  ref(target: string, file: string, word: string, nth: number, kind: ReferenceKind): Reference {
    const text = this.files[file];
    const offs = wholeWordOffsets(text, word);
    if (nth >= offs.length) throw new Error(`fixture: ${file} has only ${offs.length} occurrence(s) of ${word}`);
    const { line, column } = new LineIndex(text).position(offs[nth]);
    const r: Reference = { target, filePath: file, line, column, length: word.length, kind, confidence: 1, reason: 'fixture' };
    this.refs.push(r);
    return r;
  }
}

/** Edits of a response as `file:line:col old→new (confidence)` strings, for compact assertions. */
export function editList(res: { changes: Array<{ file_path: string; edits: Array<{ line: number; column: number; old_text: string; new_text: string; confidence: string }> }> }): string[] {
  return res.changes.flatMap((c) => c.edits.map((e) => `${c.file_path}:${e.line}:${e.column} ${e.old_text}→${e.new_text} (${e.confidence})`));
}
