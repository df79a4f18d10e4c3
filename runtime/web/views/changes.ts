/** Changes, backed by `detect_changes`: the symbols changed in the working tree and the flows they touch. */
import { tool } from '../api.ts';
import type { App } from '../app.ts';
import { fmt, h, replace } from '../dom.ts';
import { load, symbolLink } from './common.ts';

interface Changed { uid: string; name: string; type: string; filePath: string; line: number; change_type: string }
interface Changes {
  summary: { changed_files: number; changed_count: number; affected_count: number; risk_level: string; risk_reason?: string; processes_affected?: number; modules_affected?: number };
  changed_symbols: Changed[];
  affected_symbols?: Array<Changed & { depth?: number }>;
  affected_processes: Array<{ uid?: string; name: string; steps?: number; changed_steps: Array<{ uid?: string; name: string; step: number; change_type?: string }> }>;
}

const state = { scope: 'unstaged', base: 'main' };

export function changesView(app: App, root: HTMLElement): void {
  const out = h('div', { id: 'changes-result' });
  const base = h('input', { id: 'changes-base', 'aria-label': 'Base ref', value: state.base, placeholder: 'branch, tag or commit', hidden: state.scope !== 'compare' });
  const scope = h('select', { id: 'changes-scope', 'aria-label': 'Scope', onchange: () => { state.scope = scope.value; base.hidden = state.scope !== 'compare'; } },
    [['unstaged', 'unstaged (working tree vs index)'], ['staged', 'staged (index vs HEAD)'], ['all', 'all (working tree vs HEAD)'], ['compare', 'compare with a ref']]
      .map(([v, t]) => h('option', { value: v, selected: v === state.scope }, t)));
  const run = () => {
    state.base = base.value.trim();
    void load(out, 'the changes', () => tool<Changes>('detect_changes', {
      repo: app.repo.name, scope: state.scope, ...(state.scope === 'compare' ? { base_ref: state.base } : {}),
    }), (r) => draw(app, out, r));
  };
  replace(root, h('form', { class: 'controls', onsubmit: (e: Event) => { e.preventDefault(); run(); } }, scope, base, h('button', { type: 'submit', id: 'changes-run' }, 'Detect changes')), out);
  run();
}

function draw(app: App, root: HTMLElement, r: Changes): void {
  const s = r.summary;
  if (s.changed_count === 0 && s.changed_files === 0) {
    replace(root, h('p', { class: 'muted', id: 'changes-none' }, 'No changes in this scope.'));
    return;
  }
  replace(root,
    h('div', { class: 'impact-head' }, h('span', { class: `risk risk-${s.risk_level}`, id: 'changes-risk' }, s.risk_level.toUpperCase()),
      ` ${fmt(s.changed_files)} files, ${fmt(s.changed_count)} changed symbols, ${fmt(s.affected_count)} affected`,
      s.risk_reason ? h('div', { class: 'muted' }, s.risk_reason) : null),
    h('div', { class: 'columns' },
      h('section', { class: 'column', id: 'changed-symbols' }, h('h3', null, `Changed symbols (${fmt(r.changed_symbols.length)})`),
        h('ul', { class: 'side-list' }, r.changed_symbols.map((c) => h('li', { class: `change-${c.change_type}` }, symbolLink(app, c, c.change_type))))),
      h('section', { class: 'column', id: 'changed-processes' }, h('h3', null, `Affected processes (${fmt(r.affected_processes.length)})`),
        h('ul', { class: 'side-list' }, r.affected_processes.map((p) => h('li', null,
          h('button', { class: 'process-link', onclick: () => app.navigate({ view: 'processes', process: p.uid ?? p.name }) }, p.name),
          h('div', { class: 'muted' }, 'changed steps: ', p.changed_steps.map((c) => `${c.step}. ${c.name}`).join(', '))))))));
}
