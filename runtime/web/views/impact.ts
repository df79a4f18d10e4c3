/** Impact, backed by `impact`: what breaks (upstream) or what is needed (downstream), by depth, with risk. */
import { tool } from '../api.ts';
import type { App } from '../app.ts';
import { fmt, h, replace } from '../dom.ts';
import { load, symbolLink } from './common.ts';

interface Impacted { uid: string; name: string; type: string; filePath: string; line: number; relationType: string; confidence: number; via?: string; module?: string }
interface ImpactResult {
  status?: string;
  target: { uid: string; name: string; type: string; filePath: string; line: number };
  direction: string; maxDepth: number; impactedCount: number; risk: string; riskReason?: string;
  summary: { direct: number; processes_affected: number; modules_affected: number };
  byDepth: Record<string, Impacted[]>;
  affected_processes: Array<{ uid: string; name: string; steps: number; step: number; symbol?: string; hits?: number }>;
  affected_modules: Array<{ name: string; impacted: number; direct: number }>;
  truncated?: boolean;
}

const state = { direction: 'upstream', maxDepth: 3, includeTests: false, minConfidence: 0 };

export function impactView(app: App, root: HTMLElement, route: { uid: string }): void {
  const out = h('div', { id: 'impact-result' });
  const run = () => void load(out, 'the impact', () => tool<ImpactResult>('impact', {
    repo: app.repo.name, target_uid: route.uid, direction: state.direction, maxDepth: state.maxDepth, includeTests: state.includeTests, minConfidence: state.minConfidence,
  }), (r) => draw(app, out, r));
  const select = (label: string, id: string, values: Array<[string, string]>, get: () => string, set: (v: string) => void) =>
    h('label', null, label, ' ', h('select', { id, onchange: (e: Event) => { set((e.target as HTMLSelectElement).value); run(); } },
      values.map(([v, text]) => h('option', { value: v, selected: v === get() }, text))));
  replace(root,
    h('form', { class: 'controls', onsubmit: (e: Event) => { e.preventDefault(); run(); } },
      select('Direction', 'impact-direction', [['upstream', 'upstream (what depends on it)'], ['downstream', 'downstream (what it depends on)']], () => state.direction, (v) => { state.direction = v; }),
      select('Depth', 'impact-depth', [1, 2, 3, 4, 5, 6].map((d) => [String(d), String(d)]), () => String(state.maxDepth), (v) => { state.maxDepth = Number(v); }),
      select('Confidence', 'impact-confidence', [['0', 'all edges'], ['0.5', '≥ 0.5'], ['0.8', '≥ 0.8']], () => String(state.minConfidence), (v) => { state.minConfidence = Number(v); }),
      h('label', { class: 'check' }, h('input', { type: 'checkbox', checked: state.includeTests, onchange: (e: Event) => { state.includeTests = (e.target as HTMLInputElement).checked; run(); } }), 'include tests')),
    out);
  app.openSymbol(route.uid);
  run();
}

function draw(app: App, root: HTMLElement, r: ImpactResult): void {
  const depths = Object.keys(r.byDepth).map(Number).sort((a, b) => a - b);
  replace(root,
    h('div', { class: 'impact-head' },
      h('span', { class: `risk risk-${r.risk.toLowerCase()}`, id: 'impact-risk' }, r.risk),
      h('span', null, ` ${fmt(r.impactedCount)} symbols ${r.direction === 'upstream' ? 'depend on' : 'are needed by'} `, symbolLink(app, r.target),
        ` · ${fmt(r.summary.direct)} direct · ${fmt(r.summary.processes_affected)} processes · ${fmt(r.summary.modules_affected)} modules`),
      r.riskReason ? h('div', { class: 'muted' }, r.riskReason) : null,
      r.truncated ? h('div', { class: 'warn' }, 'The list is cut; the counts cover everything.') : null),
    h('div', { class: 'columns', id: 'impact-depths' }, depths.map((d) => h('section', { class: 'column', dataset: { depth: String(d) } },
      h('h3', null, `Depth ${d} (${fmt(r.byDepth[d].length)})`),
      h('ul', { class: 'side-list' }, r.byDepth[d].map((x) => h('li', { class: x.confidence < 0.5 ? 'low' : undefined },
        symbolLink(app, x, `${x.relationType.toLowerCase()} ${x.confidence.toFixed(2)}`))))))),
    depths.length === 0 ? h('p', { class: 'muted', id: 'impact-none' }, 'Nothing is affected.') : null,
    h('div', { class: 'columns' },
      h('section', { class: 'column', id: 'impact-processes' }, h('h3', null, `Affected processes (${fmt(r.affected_processes.length)})`),
        h('ul', { class: 'side-list' }, r.affected_processes.map((p) => h('li', null, h('button', { class: 'process-link', onclick: () => app.navigate({ view: 'processes', process: p.uid }) },
          p.name, h('span', { class: 'muted' }, ` step ${p.step} of ${p.steps}`)))))),
      h('section', { class: 'column', id: 'impact-modules' }, h('h3', null, `Affected modules (${fmt(r.affected_modules.length)})`),
        h('ul', { class: 'side-list' }, r.affected_modules.map((m) => h('li', null, h('button', { class: 'module-link', onclick: () => app.navigate({ view: 'module', module: m.name }) },
          m.name, h('span', { class: 'muted' }, ` ${fmt(m.impacted)} impacted, ${fmt(m.direct)} direct`))))))));
}
