/**
 * The symbol panel, backed by `context`: where the symbol is, its callers and callees, references by kind,
 * members, the processes it takes part in, its source with the definition highlighted, and a link that opens
 * it in the editor.
 */
import { post, tool } from '../api.ts';
import type { App } from '../app.ts';
import { fmt, h, replace } from '../dom.ts';
import { errorBox, loading, symbolLink, type SymbolRef } from './common.ts';
import { editorLink, sourceView } from './source.ts';

interface Related extends SymbolRef { type: string; filePath: string; line: number; confidence: number; reason: string; siteLine?: number; count: number; via?: string }
interface Relations { calls: Related[]; imports: Related[]; extends: Related[]; implements: Related[]; overrides: Related[]; references: Related[] }
interface Context {
  status: 'found' | 'ambiguous';
  message?: string;
  candidates?: Array<SymbolRef & { type: string }>;
  symbol: { uid: string; name: string; type: string; kind?: string; qualifiedName: string; filePath: string; line: number; endLine: number; module?: string; exported: boolean; signature?: string; doc?: string };
  container?: { uid: string; name: string; type: string };
  incoming: Relations;
  outgoing: Relations;
  members?: Array<{ uid: string; name: string; type: string; line: number; callers: Related[] }>;
  processes: Array<{ uid: string; name: string; step: number; steps: number; via?: string }>;
}

const KINDS: Array<[keyof Relations, string, string]> = [
  ['imports', 'Imported by', 'Imports'], ['extends', 'Extended by', 'Extends'], ['implements', 'Implemented by', 'Implements'], ['overrides', 'Overridden by', 'Overrides'],
  ['references', 'Referenced by', 'References'],
];
/** Source lines shown around a definition. */
const CONTEXT_LINES = 6;

export class SymbolPanel {
  readonly element = h('aside', { class: 'panel symbol-panel', id: 'symbol-panel', 'aria-label': 'Symbol', hidden: true, tabindex: '-1' });
  uid: string | undefined;
  private seq = 0;

  constructor(private readonly app: () => App, private readonly changed: () => void) {}

  /** Shows a symbol by uid. */
  async open(uid: string): Promise<void> {
    const app = this.app();
    const seq = ++this.seq;
    this.uid = uid;
    this.changed();
    this.element.hidden = false;
    replace(this.element, this.closeButton(), loading('the symbol'));
    let ctx: Context;
    try {
      ctx = await tool<Context>('context', { repo: app.repo.name, uid });
    } catch (err) {
      if (seq === this.seq) replace(this.element, this.closeButton(), errorBox(err));
      return;
    }
    if (seq !== this.seq) return;
    this.draw(app, ctx);
  }

  /** Hides the panel. */
  close(sync = true): void {
    this.seq++;
    this.uid = undefined;
    this.element.hidden = true;
    this.element.replaceChildren();
    if (sync) this.changed();
  }

  private closeButton(): HTMLElement {
    return h('button', { class: 'icon close', 'aria-label': 'Close the symbol panel (Esc)', onclick: () => this.close() }, '×');
  }

  private draw(app: App, c: Context): void {
    const s = c.symbol;
    const rel = (title: string, list: Related[], id: string) => list.length === 0 ? null : h('section', { class: 'rel', dataset: { rel: id } },
      h('h3', null, `${title} (${fmt(list.length)})`),
      h('ul', { class: 'side-list' }, list.slice(0, 100).map((r) => h('li', { class: r.confidence < 0.5 ? 'low' : undefined },
        symbolLink(app, r, `${r.reason} ${r.confidence.toFixed(2)}${r.via ? ` via ${r.via}` : ''}${r.count > 1 ? ` ×${r.count}` : ''}`)))),
      list.length > 100 ? h('p', { class: 'muted' }, `… ${fmt(list.length - 100)} more (the impact view lists them all)`) : null);
    const src = h('div', { class: 'src-box' }, loading('the source'));
    replace(this.element,
      this.closeButton(),
      h('header', null,
        h('h2', { id: 'symbol-name' }, s.name), h('div', { class: 'muted' }, `${s.kind ?? s.type}${s.exported ? ', exported' : ''}`),
        h('div', null, h('a', { href: `#/${encodeURIComponent(app.repo.name)}/files/${encodeURIComponent(s.filePath)}` }, `${s.filePath}:${s.line}`),
          ' ', h('a', { class: 'editor-link', id: 'editor-link', href: editorLink(app.repo.path, s.filePath, s.line), title: 'Open in VS Code' }, 'open in editor ↗')),
        s.module ? h('div', null, 'module ', h('a', { href: '#', onclick: (e: Event) => { e.preventDefault(); app.navigate({ view: 'module', module: s.module! }); } }, s.module)) : null,
        c.container ? h('div', null, 'in ', symbolLink(app, c.container)) : null,
        s.signature ? h('pre', { class: 'signature' }, s.signature) : null,
        s.doc ? h('p', { class: 'doc' }, s.doc) : null),
      h('div', { class: 'actions' },
        h('button', { id: 'action-focus', onclick: () => app.navigate({ view: 'focus', uid: s.uid }) }, 'Focus'),
        h('button', { id: 'action-impact', onclick: () => app.navigate({ view: 'impact', uid: s.uid }) }, 'Impact'),
        h('button', { id: 'action-rename', onclick: () => app.navigate({ view: 'rename', uid: s.uid }) }, 'Rename…')),
      rel('Callers', c.incoming.calls, 'callers'),
      rel('Callees', c.outgoing.calls, 'callees'),
      KINDS.map(([k, inTitle]) => rel(inTitle, c.incoming[k], `in-${k}`)),
      KINDS.map(([k, , outTitle]) => rel(outTitle, c.outgoing[k], `out-${k}`)),
      c.members?.length ? h('section', { class: 'rel', dataset: { rel: 'members' } }, h('h3', null, `Members (${c.members.length})`),
        h('ul', { class: 'side-list' }, c.members.map((m) => h('li', null, symbolLink(app, { ...m, filePath: s.filePath }, `${m.callers.length} callers`))))) : null,
      c.processes.length ? h('section', { class: 'rel', dataset: { rel: 'processes' } }, h('h3', null, `Processes (${c.processes.length})`),
        h('ul', { class: 'side-list' }, c.processes.map((p) => h('li', null, h('button', { class: 'process-link', dataset: { uid: p.uid }, onclick: () => app.navigate({ view: 'processes', process: p.uid }) },
          p.name, h('span', { class: 'muted' }, ` step ${p.step} of ${p.steps}${p.via ? ` via ${p.via}` : ''}`)))))) : null,
      h('section', null, h('h3', null, 'Source'), src));
    void post<{ text?: string; stale?: boolean }>('/files/read', { repo: app.repo.name, path: s.filePath }).then((f) => {
      if (this.uid !== s.uid || f.text === undefined) return;
      const lines = f.text.split('\n').length;
      const view = sourceView(f.text, {
        path: s.filePath, repoPath: app.repo.path, from: s.line, to: s.endLine,
        window: [Math.max(1, s.line - CONTEXT_LINES), Math.min(lines, Math.max(s.endLine, s.line) + CONTEXT_LINES)],
      });
      view.element.id = 'symbol-source';
      replace(src, f.stale ? h('p', { class: 'warn' }, 'The file changed since it was indexed: lines may have moved.') : null, view.element);
    }).catch((err) => { if (this.uid === s.uid) replace(src, errorBox(err)); });
  }
}
