/** The search box, backed by `query`: processes and symbols as you type; Enter or click opens one. */
import { tool } from '../api.ts';
import type { App } from '../app.ts';
import { h, replace } from '../dom.ts';
import { labelColor } from '../graph/palette.ts';
import { errorBox } from './common.ts';

interface QueryResult {
  processes: Array<{ uid: string; name: string; steps: number; module: string; relevance: number; kind?: 'process' | 'symbol' | 'file' }>;
  process_symbols: Array<{ uid: string; name: string; type: string; filePath: string; line: number; matched: boolean; relevance: number }>;
  definitions: Array<{ uid: string; name: string; type: string; filePath: string; line: number; relevance: number }>;
  warnings?: string[];
}

interface Hit { kind: 'process' | 'symbol'; uid: string; label: string; detail: string; type?: string }

export class SearchBox {
  private readonly input = h('input', {
    type: 'search', id: 'search', placeholder: 'Search symbols and flows  ( / )', autocomplete: 'off', 'aria-label': 'Search',
    role: 'combobox', 'aria-expanded': 'false', 'aria-controls': 'search-results', 'aria-autocomplete': 'list',
  });
  private readonly results = h('ul', { id: 'search-results', class: 'search-results', role: 'listbox', hidden: true });
  readonly element = h('div', { class: 'search' }, this.input, this.results);
  private hits: Hit[] = [];
  private active = -1;
  private timer: number | undefined;
  private seq = 0;

  constructor(private readonly app: () => App) {
    this.input.addEventListener('input', () => { window.clearTimeout(this.timer); this.timer = window.setTimeout(() => void this.run(), 200); });
    this.input.addEventListener('keydown', (e) => this.key(e));
    this.input.addEventListener('blur', () => window.setTimeout(() => { if (!this.element.contains(document.activeElement)) this.close(); }, 150));
  }

  focus(): void { this.input.focus(); this.input.select(); }
  disable(): void { this.input.disabled = true; }

  /** Hides the results; true when they were shown. */
  close(): boolean {
    const shown = !this.results.hidden;
    this.results.hidden = true;
    this.input.setAttribute('aria-expanded', 'false');
    return shown;
  }

  private async run(): Promise<void> {
    const text = this.input.value.trim();
    const seq = ++this.seq;
    if (text === '') { this.close(); return; }
    let r: QueryResult;
    try {
      r = await tool<QueryResult>('query', { repo: this.app().repo.name, query: text, limit: 6, max_symbols: 8 });
    } catch (err) {
      if (seq === this.seq) this.show([], errorBox(err));
      return;
    }
    if (seq !== this.seq) return;
    this.results.dataset.query = text;
    const seen = new Set<string>();
    const symbols: Hit[] = [];
    const addSymbol = (s: { uid: string; name: string; type: string; filePath: string; line: number }) => {
      if (seen.has(s.uid)) return;
      seen.add(s.uid);
      symbols.push({ kind: 'symbol', uid: s.uid, label: s.name, detail: `${s.type} · ${s.filePath}:${s.line}`, type: s.type });
    };
    for (const s of r.process_symbols.filter((x) => x.matched).sort((a, b) => b.relevance - a.relevance)) addSymbol(s);
    for (const d of r.definitions) addSymbol(d);
    for (const s of r.process_symbols) addSymbol(s);
    // one-symbol and file results are no flow to open: their symbols are listed above
    const processes: Hit[] = r.processes.filter((p) => (p.kind ?? 'process') === 'process').map((p) => ({ kind: 'process', uid: p.uid, label: p.name, detail: `${p.steps} steps · ${p.module}` }));
    this.show([...symbols.slice(0, 12), ...processes], r.warnings?.length ? h('li', { class: 'muted' }, r.warnings.join(' ')) : null);
  }

  private show(hits: Hit[], extra: HTMLElement | null): void {
    this.hits = hits;
    this.active = hits.length ? 0 : -1;
    const item = (hit: Hit, i: number) => h('li', {
      role: 'option', id: `search-hit-${i}`, class: 'hit', dataset: { kind: hit.kind, uid: hit.uid }, 'aria-selected': String(i === this.active),
      onmousedown: (e: Event) => { e.preventDefault(); this.pick(i); },
    }, h('span', { class: 'kind-dot', style: { background: hit.kind === 'process' ? labelColor('Process') : labelColor(hit.type ?? '') } }),
    h('span', { class: 'name' }, hit.label), h('span', { class: 'muted' }, ` ${hit.detail}`));
    const symbols = hits.filter((x) => x.kind === 'symbol');
    const processes = hits.filter((x) => x.kind === 'process');
    replace(this.results,
      symbols.length ? h('li', { class: 'group', role: 'presentation' }, 'Symbols') : null, symbols.map((x) => item(x, hits.indexOf(x))),
      processes.length ? h('li', { class: 'group', role: 'presentation' }, 'Processes') : null, processes.map((x) => item(x, hits.indexOf(x))),
      hits.length === 0 && !extra ? h('li', { class: 'muted', id: 'search-empty' }, 'Nothing matches.') : null, extra);
    this.results.hidden = false;
    this.input.setAttribute('aria-expanded', 'true');
    this.mark();
  }

  private mark(): void {
    for (const li of this.results.querySelectorAll<HTMLElement>('li.hit')) li.setAttribute('aria-selected', String(li.id === `search-hit-${this.active}`));
    if (this.active >= 0) this.input.setAttribute('aria-activedescendant', `search-hit-${this.active}`);
    else this.input.removeAttribute('aria-activedescendant');
  }

  private key(e: KeyboardEvent): void {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (this.hits.length === 0) return;
      e.preventDefault();
      this.active = (this.active + (e.key === 'ArrowDown' ? 1 : this.hits.length - 1)) % this.hits.length;
      this.mark();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      // Results of an earlier text (still typing, or the answer not back yet) are not what Enter means.
      const stale = this.results.dataset.query !== this.input.value.trim();
      if (this.results.hidden || this.active < 0 || stale) { window.clearTimeout(this.timer); void this.run(); return; }
      this.pick(this.active);
    } else if (e.key === 'Escape') {
      this.close();
      this.input.blur();
    }
  }

  private pick(i: number): void {
    const hit = this.hits[i];
    if (!hit) return;
    this.close();
    const app = this.app();
    if (hit.kind === 'process') app.navigate({ view: 'processes', process: hit.uid });
    else app.navigate({ view: 'focus', uid: hit.uid });
  }
}
