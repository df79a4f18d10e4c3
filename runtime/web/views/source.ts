/** Source text with line numbers and a highlighted range (the definition), plus an editor link. */
import { h } from '../dom.ts';

export interface SourceOptions {
  path: string;
  /** Absolute path of the repository (for the vscode:// link). */
  repoPath: string;
  /** Lines to highlight (1-based, inclusive). */
  from?: number;
  to?: number;
  /** Only these lines are shown (1-based, inclusive); default: all. */
  window?: [number, number];
}

/** A `vscode://file/…` link that opens the file at a line in the user's editor. */
export function editorLink(repoPath: string, path: string, line = 1): string {
  const abs = `${repoPath.replace(/\/+$/, '')}/${path}`;
  return `vscode://file${abs.startsWith('/') ? '' : '/'}${abs.split('/').map(encodeURIComponent).join('/')}:${line}`;
}

/** The source element and a way to move the highlight. */
export function sourceView(text: string, o: SourceOptions): { element: HTMLElement; highlight(from: number, to: number): void } {
  const lines = text.split('\n');
  const [first, last] = o.window ?? [1, lines.length];
  const rows: HTMLElement[] = [];
  for (let i = Math.max(1, first); i <= Math.min(lines.length, last); i++) {
    rows.push(h('div', { class: 'src-line', dataset: { line: String(i) } }, h('span', { class: 'ln' }, String(i)), h('code', null, lines[i - 1] || ' ')));
  }
  const element = h('div', { class: 'source', style: { position: 'relative' }, tabindex: '0', 'aria-label': `Source of ${o.path}` }, rows);
  const highlight = (from: number, to: number) => {
    for (const r of rows) {
      const n = Number(r.dataset.line);
      r.classList.toggle('hl', n >= from && n <= to);
    }
    // Scrolls the source box only (scrollIntoView would scroll the panel and the page too).
    const target = rows.find((r) => Number(r.dataset.line) === from);
    if (target) requestAnimationFrame(() => { element.scrollTop = Math.max(0, target.offsetTop - element.clientHeight / 3); });
  };
  if (o.from !== undefined) highlight(o.from, o.to ?? o.from);
  return { element, highlight };
}
