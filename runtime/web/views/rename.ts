/**
 * Rename preview, backed by `rename` with dry_run true: the edits as a diff grouped by file, graph edits and
 * text-search edits apart. Apply writes through the server with this page's session token, after a confirm.
 */
import { applyRename, tool } from '../api.ts';
import type { App } from '../app.ts';
import { fmt, h, replace } from '../dom.ts';
import { errorBox, load, symbolLink } from './common.ts';

interface Edit { line: number; column?: number; old_text: string; new_text: string; confidence: 'graph' | 'text_search'; context: string; kind?: string; apply?: boolean }
interface RenameResult {
  changes: Array<{ file_path: string; edits: Edit[] }>;
  summary: { totalEdits: number; filesAffected: number; graphEdits: number; textSearchEdits: number; editsToApply?: number; filesToWrite?: number };
  applied: boolean;
  applied_edits?: number;
  symbol?: { uid: string; name: string; type: string; filePath: string; line: number };
  warnings?: string[];
}

export function renameView(app: App, root: HTMLElement, route: { uid: string }): void {
  const out = h('div', { id: 'rename-result' });
  const input = h('input', { id: 'rename-new-name', 'aria-label': 'New name', placeholder: 'new name', required: true });
  const preview = () => {
    const newName = input.value.trim();
    if (!newName) { input.focus(); return; }
    void load(out, 'the preview', () => tool<RenameResult>('rename', { repo: app.repo.name, symbol_uid: route.uid, new_name: newName, dry_run: true }),
      (r) => draw(app, out, r, route.uid, newName));
  };
  replace(root, h('form', { class: 'controls', onsubmit: (e: Event) => { e.preventDefault(); preview(); } },
    h('label', null, 'Rename to ', input), h('button', { type: 'submit', id: 'rename-preview' }, 'Preview')), out);
  app.openSymbol(route.uid);
  input.focus();
}

function draw(app: App, root: HTMLElement, r: RenameResult, uid: string, newName: string): void {
  const s = r.summary;
  const applyBox = h('div', { class: 'apply', id: 'rename-apply-box' });
  const apply = h('button', { id: 'rename-apply', class: 'danger', onclick: async () => {
    if (!confirm(`Write ${fmt(s.editsToApply ?? s.graphEdits)} edits to ${fmt(s.filesToWrite ?? s.filesAffected)} files on disk?`)) return;
    apply.disabled = true;
    try {
      const done = await applyRename({ repo: app.repo.name, symbol_uid: uid, new_name: newName });
      replace(applyBox, h('p', { class: 'ok', id: 'rename-applied' }, `Applied: ${fmt(done.applied_edits ?? done.summary.totalEdits)} edits written. The index is updated.`));
    } catch (err) {
      apply.disabled = false;
      replace(applyBox, apply, errorBox(err));
    }
  } }, 'Apply to disk…');
  replace(applyBox, apply, h('span', { class: 'muted' }, ' graph edits are applied; text-search edits are shown for review and left alone unless the tool marks them to apply'));
  replace(root,
    r.symbol ? h('p', null, 'Renaming ', symbolLink(app, r.symbol), ` to `, h('code', null, newName)) : null,
    h('p', { id: 'rename-summary' }, `${fmt(s.totalEdits)} edits in ${fmt(s.filesAffected)} files: `,
      h('span', { class: 'badge graph' }, `${fmt(s.graphEdits)} graph`), ' ', h('span', { class: 'badge text' }, `${fmt(s.textSearchEdits)} text search`)),
    r.warnings?.length ? h('ul', { class: 'warn' }, r.warnings.map((w) => h('li', null, w))) : null,
    r.changes.map((file) => {
      const graph = file.edits.filter((e) => e.confidence === 'graph');
      const text = file.edits.filter((e) => e.confidence !== 'graph');
      return h('section', { class: 'diff-file', dataset: { path: file.file_path } },
        h('h3', null, file.file_path, h('span', { class: 'muted' }, ` ${graph.length} graph, ${text.length} text search`)),
        graph.length ? h('div', { class: 'edits graph', dataset: { confidence: 'graph' } }, h('h4', null, 'Graph edits (tracked references)'), graph.map(diffLine)) : null,
        text.length ? h('div', { class: 'edits text', dataset: { confidence: 'text_search' } }, h('h4', null, 'Text-search edits (review: comments, strings, config)'), text.map(diffLine)) : null);
    }),
    s.totalEdits > 0 ? applyBox : h('p', { class: 'muted' }, 'Nothing to change.'));
}

function diffLine(e: Edit): HTMLElement {
  // `context` is the line trimmed, so the column may not point into it: then the first occurrence is the edit.
  const before = e.context;
  let at = e.column !== undefined ? e.column - 1 : -1;
  if (at < 0 || before.slice(at, at + e.old_text.length) !== e.old_text) at = before.indexOf(e.old_text);
  const after = at >= 0 ? before.slice(0, at) + e.new_text + before.slice(at + e.old_text.length) : before;
  return h('div', { class: 'diff-edit', dataset: { line: String(e.line) } },
    h('div', { class: 'del' }, h('span', { class: 'ln' }, String(e.line)), '- ', before),
    h('div', { class: 'add' }, h('span', { class: 'ln' }, String(e.line)), '+ ', after),
    e.apply === false ? h('div', { class: 'muted' }, 'not applied automatically') : null);
}
