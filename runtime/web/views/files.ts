/** File tree with symbols per file; a file opens with its symbols and its text. */
import { post } from '../api.ts';
import type { App } from '../app.ts';
import { fmt, h, replace } from '../dom.ts';
import { labelColor } from '../graph/palette.ts';
import { load } from './common.ts';
import { sourceView } from './source.ts';

interface FileEntry { path: string; language: string; lines: number; symbols: number }
interface FileSymbol { uid: string; name: string; label: string; kind?: string; line?: number; endLine?: number; parent?: string }
interface FileRead { path: string; language: string; lines: number; symbols: FileSymbol[]; text?: string; stale?: boolean; truncated?: boolean }

interface Folder { name: string; path: string; folders: Map<string, Folder>; files: FileEntry[]; symbols: number }

function tree(files: FileEntry[]): Folder {
  const root: Folder = { name: '', path: '', folders: new Map(), files: [], symbols: 0 };
  for (const f of files) {
    const parts = f.path.split('/');
    let at = root;
    at.symbols += f.symbols;
    for (const part of parts.slice(0, -1)) {
      let next = at.folders.get(part);
      if (!next) at.folders.set(part, (next = { name: part, path: at.path ? `${at.path}/${part}` : part, folders: new Map(), files: [], symbols: 0 }));
      next.symbols += f.symbols;
      at = next;
    }
    at.files.push(f);
  }
  return root;
}

export function filesView(app: App, root: HTMLElement, route: { path?: string }): void {
  const treeBox = h('nav', { class: 'file-tree', id: 'file-tree', 'aria-label': 'Files' });
  const detail = h('div', { class: 'file-detail', id: 'file-detail' });
  replace(root, h('div', { class: 'split files' }, treeBox, detail));
  void load(treeBox, 'the files', () => post<{ files: FileEntry[]; total: number; truncated: boolean }>('/files', { repo: app.repo.name }), (r) => {
    const top = tree(r.files);
    const open = new Set<string>();
    if (route.path) { const parts = route.path.split('/'); for (let i = 1; i < parts.length; i++) open.add(parts.slice(0, i).join('/')); }
    replace(treeBox, h('p', { class: 'muted' }, `${fmt(r.total)} files, ${fmt(top.symbols)} symbols`), drawFolder(app, top, open, route.path));
    if (r.truncated) app.notice(`Showing ${fmt(r.files.length)} of ${fmt(r.total)} files.`);
  });
  if (route.path) openFile(app, detail, route.path);
  else replace(detail, h('p', { class: 'muted' }, 'Pick a file to see its symbols and its source.'));
}

function drawFolder(app: App, folder: Folder, open: Set<string>, current?: string): HTMLElement {
  const list = h('ul', { class: 'tree' });
  for (const sub of [...folder.folders.values()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const details = h('details', { open: open.has(sub.path) || folder.folders.size + folder.files.length === 1 },
      h('summary', null, h('span', { class: 'folder' }, sub.name + '/'), h('span', { class: 'muted' }, ` ${fmt(sub.symbols)}`)));
    // Children are drawn when the folder is first opened: a large repository's tree costs nothing until then.
    const fill = () => { if (details.childElementCount === 1) details.append(drawFolder(app, sub, open, current)); };
    if (details.open) fill();
    details.addEventListener('toggle', fill);
    list.append(h('li', null, details));
  }
  for (const f of folder.files) {
    list.append(h('li', null, h('a', {
      href: `#/${encodeURIComponent(app.repo.name)}/files/${encodeURIComponent(f.path)}`, class: 'file-link', dataset: { path: f.path },
      'aria-current': f.path === current ? 'page' : undefined,
    }, f.path.slice(f.path.lastIndexOf('/') + 1), h('span', { class: 'muted' }, ` ${f.language} · ${fmt(f.symbols)}`))));
  }
  return list;
}

function openFile(app: App, root: HTMLElement, path: string): void {
  void load(root, path, () => post<FileRead>('/files/read', { repo: app.repo.name, path }), (f) => {
    const byUid = new Map(f.symbols.map((s) => [s.uid, s]));
    const depth = (s: FileSymbol): number => (s.parent && byUid.has(s.parent) ? 1 + depth(byUid.get(s.parent)!) : 0);
    const source = f.text !== undefined ? sourceView(f.text, { path: f.path, repoPath: app.repo.path }) : undefined;
    replace(root,
      h('h2', null, f.path), h('p', { class: 'muted' }, `${f.language} · ${fmt(f.lines)} lines · ${fmt(f.symbols.length)} symbols`,
        f.stale ? h('span', { class: 'warn' }, ' · changed since indexing') : null, f.truncated ? h('span', { class: 'warn' }, ' · text cut') : null),
      h('ul', { class: 'side-list file-symbols', id: 'file-symbols' }, f.symbols.map((s) => h('li', { style: { paddingLeft: `${depth(s) * 16}px` } },
        h('button', { class: 'symbol-link', dataset: { uid: s.uid }, onclick: () => { app.openSymbol(s.uid); source?.highlight(s.line ?? 1, s.endLine ?? s.line ?? 1); } },
          h('span', { class: 'kind-dot', style: { background: labelColor(s.label) } }), h('span', { class: 'name' }, s.name),
          h('span', { class: 'muted' }, ` ${s.kind ?? s.label} · line ${s.line ?? '?'}`))))),
      source?.element);
  });
}
