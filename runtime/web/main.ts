/**
 * The web UI's shell: repository picker and index status line, search, navigation between views, the symbol
 * panel, the chat panel, themes and keyboard shortcuts. Views live in views/; each draws into the main area.
 */
import { ApiError, repos as listRepos, type RepoInfo } from './api.ts';
import { formatHash, parseHash, type App, type Route, type View } from './app.ts';
import { ago, fmt, h, replace } from './dom.ts';
import { errorBox, overviewOf } from './views/common.ts';
import { overviewView } from './views/overview.ts';
import { moduleView } from './views/module.ts';
import { focusView } from './views/focus.ts';
import { filesView } from './views/files.ts';
import { impactView } from './views/impact.ts';
import { processesView } from './views/processes.ts';
import { changesView } from './views/changes.ts';
import { renameView } from './views/rename.ts';
import { cypherView } from './views/cypher.ts';
import { SymbolPanel } from './views/symbol.ts';
import { SearchBox } from './views/search.ts';
import { ChatPanel } from './chat/panel.ts';

const VIEWS: Record<Route['view'], View> = {
  overview: overviewView, module: moduleView, focus: focusView, files: filesView, impact: impactView,
  processes: processesView, changes: changesView, rename: renameView, cypher: cypherView,
};

const NAV: Array<{ view: Route['view']; label: string; key: string }> = [
  { view: 'overview', label: 'Modules', key: 'o' },
  { view: 'files', label: 'Files', key: 'f' },
  { view: 'processes', label: 'Processes', key: 'p' },
  { view: 'changes', label: 'Changes', key: 'c' },
  { view: 'cypher', label: 'Cypher', key: 'y' },
];

const SHORTCUTS: Array<[string, string]> = [
  ['/', 'search'], ['o', 'modules overview'], ['f', 'files'], ['p', 'processes'], ['c', 'changes'], ['y', 'Cypher console'],
  ['a', 'AI chat'], ['t', 'light / dark theme'], ['Esc', 'close panel or dialog'], ['?', 'this help'],
];

class Shell {
  private repos: RepoInfo[] = [];
  private repo: RepoInfo | undefined;
  private leave: (() => void) | undefined;
  private readonly picker = h('select', { 'aria-label': 'Repository', id: 'repo-picker', onchange: () => this.pick(this.picker.value) });
  private readonly statusLine = h('div', { class: 'status-line', id: 'status-line', role: 'status' });
  private readonly nav = h('nav', { class: 'nav', 'aria-label': 'Views' });
  private readonly title = h('h1', { class: 'view-title', id: 'view-title' });
  private readonly noticeBar = h('div', { class: 'notice', id: 'slice-notice', role: 'status', hidden: true });
  private readonly main = h('main', { class: 'view', id: 'view', tabindex: '-1' });
  private readonly symbolPanel: SymbolPanel;
  private readonly chat: ChatPanel;
  private readonly search: SearchBox;
  private readonly help = h('dialog', { class: 'help', id: 'help' });

  constructor(private readonly root: HTMLElement) {
    const app = (): App => this.app();
    this.symbolPanel = new SymbolPanel(app, () => this.syncHash());
    this.chat = new ChatPanel(app);
    this.search = new SearchBox(app);
  }

  async start(): Promise<void> {
    applyTheme(localStorage.getItem('codegraph.theme') ?? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));
    replace(this.help, h('h2', null, 'Keyboard shortcuts'),
      h('dl', null, SHORTCUTS.map(([k, what]) => [h('dt', null, h('kbd', null, k)), h('dd', null, what)])),
      h('button', { onclick: () => this.help.close() }, 'Close'));
    replace(this.root,
      h('header', { class: 'top' },
        h('a', { class: 'brand', href: '#/', 'aria-label': 'codegraph home' }, 'codegraph'),
        this.picker, this.search.element,
        h('div', { class: 'top-actions' },
          h('button', { class: 'icon', id: 'theme-toggle', title: 'Light / dark theme (t)', onclick: () => toggleTheme() }, '◐'),
          h('button', { class: 'icon', id: 'chat-toggle', title: 'AI chat (a)', onclick: () => this.chat.toggle() }, 'Chat'),
          h('button', { class: 'icon', title: 'Keyboard shortcuts (?)', onclick: () => this.help.showModal() }, '?'))),
      this.statusLine,
      h('div', { class: 'body' },
        this.nav,
        h('section', { class: 'content' }, this.title, this.noticeBar, this.main),
        this.symbolPanel.element,
        this.chat.element),
      this.help);
    document.addEventListener('keydown', (e) => this.key(e));
    window.addEventListener('hashchange', () => { void this.route(); });
    try {
      this.repos = await listRepos();
    } catch (err) {
      replace(this.main, errorBox(err));
      return;
    }
    if (this.repos.length === 0) return this.empty();
    replace(this.picker, this.repos.map((r) => h('option', { value: r.name }, r.name)));
    await this.route();
  }

  private empty(): void {
    this.picker.disabled = true;
    this.search.disable();
    replace(this.title, 'Welcome');
    replace(this.main, h('div', { class: 'empty', id: 'empty-state' },
      h('p', null, 'no repository indexed: run ', h('code', null, 'codegraph analyze <path>')),
      h('p', { class: 'muted' }, 'Then reload this page. Every repository in the registry appears in the picker above.')));
  }

  private app(): App {
    const shell = this;
    return {
      get repo() { return shell.repo!; },
      navigate: (route) => { location.hash = formatHash(shell.repo!.name, route, shell.symbolPanel.uid); },
      openSymbol: (uid) => { void shell.symbolPanel.open(uid); },
      notice: (text) => { shell.noticeBar.hidden = !text; replace(shell.noticeBar, text ?? ''); },
    };
  }

  private pick(name: string): void {
    location.hash = formatHash(name, { view: 'overview' });
  }

  private syncHash(): void {
    if (!this.repo) return;
    const { route } = parseHash(location.hash);
    const want = formatHash(this.repo.name, route, this.symbolPanel.uid);
    if (location.hash !== want) history.replaceState(null, '', want);
  }

  /** Draws the view the hash names (repository first: unknown names fall back to the first). */
  private async route(): Promise<void> {
    const parsed = parseHash(location.hash);
    const repo = this.repos.find((r) => r.name === parsed.repo) ?? this.repos[0];
    if (parsed.repo !== repo.name) {
      history.replaceState(null, '', formatHash(repo.name, parsed.route, parsed.symbol));
    }
    const changed = this.repo?.name !== repo.name;
    this.repo = repo;
    this.picker.value = repo.name;
    if (changed) { this.statusFor(repo); this.symbolPanel.close(false); }
    this.leave?.();
    this.leave = undefined;
    this.app().notice(undefined);
    for (const a of this.nav.querySelectorAll('a')) a.removeAttribute('aria-current');
    replace(this.nav, NAV.map((n) => h('a', {
      href: formatHash(repo.name, n.view === 'processes' ? { view: 'processes' } : n.view === 'files' ? { view: 'files' } : { view: n.view } as Route),
      'aria-current': (n.view === parsed.route.view || (n.view === 'overview' && parsed.route.view === 'module')) ? 'page' : undefined,
      title: `${n.label} (${n.key})`, dataset: { view: n.view },
    }, n.label)));
    replace(this.title, TITLES[parsed.route.view]);
    this.main.replaceChildren();
    try {
      this.leave = VIEWS[parsed.route.view](this.app(), this.main, parsed.route) ?? undefined;
    } catch (err) {
      replace(this.main, errorBox(err));
    }
    if (parsed.symbol && parsed.symbol !== this.symbolPanel.uid) void this.symbolPanel.open(parsed.symbol);
  }

  /** The index status line: what is indexed, when, at which commit, and the languages (from the overview). */
  private statusFor(repo: RepoInfo): void {
    const s = repo.stats;
    const parts = [
      h('strong', null, repo.name), h('span', { class: 'muted', title: repo.path }, repo.path),
      `${fmt(s.files)} files`, `${fmt(s.nodes)} nodes`, `${fmt(s.edges)} edges`, `${fmt(s.communities)} modules`, `${fmt(s.processes)} processes`,
      h('span', { title: repo.indexedAt }, `indexed ${ago(repo.indexedAt)}${repo.lastCommit ? ` at ${repo.lastCommit.slice(0, 10)}` : ''}`),
    ];
    const draw = () => replace(this.statusLine, parts.map((p, i) => [i ? h('span', { class: 'sep' }, '·') : null, p]));
    draw();
    void overviewOf(repo.name).then((o) => {
      if (this.repo?.name !== repo.name) return;
      const langs = Object.entries(o.languages).sort((a, b) => b[1] - a[1]);
      if (langs.length) parts.push(h('span', { id: 'status-languages' }, langs.map(([l, n]) => `${l} ${fmt(n)}`).join(', ')));
      draw();
    }).catch(() => undefined);
  }

  private key(e: KeyboardEvent): void {
    if (e.key === 'Escape') {
      if (this.search.close()) return;
      if (this.chat.open && this.chat.element.contains(document.activeElement)) { this.chat.toggle(false); return; }
      if (this.symbolPanel.uid) { this.symbolPanel.close(); return; }
      return;
    }
    const target = e.target as HTMLElement;
    if (e.ctrlKey || e.metaKey || e.altKey || target.closest('input, textarea, select, [contenteditable]')) return;
    if (e.key === '/') { e.preventDefault(); this.search.focus(); return; }
    if (e.key === '?') { e.preventDefault(); this.help.showModal(); return; }
    if (e.key === 't') { toggleTheme(); return; }
    if (e.key === 'a') { e.preventDefault(); this.chat.toggle(); return; }
    const nav = NAV.find((n) => n.key === e.key);
    if (nav && this.repo) this.app().navigate({ view: nav.view } as Route);
  }
}

const TITLES: Record<Route['view'], string> = {
  overview: 'Modules', module: 'Module', focus: 'Focus', files: 'Files', impact: 'Impact', processes: 'Processes',
  changes: 'Changes', rename: 'Rename preview', cypher: 'Cypher console',
};

function applyTheme(theme: string): void {
  document.documentElement.dataset.theme = theme === 'dark' ? 'dark' : 'light';
  document.dispatchEvent(new Event('codegraph-theme'));
}

function toggleTheme(): void {
  const next = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark';
  localStorage.setItem('codegraph.theme', next);
  applyTheme(next);
}

window.addEventListener('error', (e) => { console.error(e.error ?? e.message); });
void new Shell(document.getElementById('app')!).start().catch((err: unknown) => {
  document.getElementById('app')!.replaceChildren(errorBox(err instanceof Error ? err : new ApiError('INTERNAL', String(err), 0)));
});
