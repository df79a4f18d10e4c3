/** Processes: the execution flows, and one flow as a step-by-step sequence diagram. */
import { post } from '../api.ts';
import type { App } from '../app.ts';
import { fmt, h, replace, svg } from '../dom.ts';
import { LOW_CONFIDENCE } from '../graph/palette.ts';
import { load, symbolLink } from './common.ts';

interface ProcessItem { uid: string; name: string; steps: number; entry?: string; terminal?: string; modules: string[] }
interface Participant { uid: string; name: string; label: string; filePath?: string }
interface Step { step: number; uid: string; name: string; label: string; filePath?: string; line?: number; module?: string; participant: number; from?: number; confidence?: number; callLine?: number }
interface Sequence { process: ProcessItem; participants: Participant[]; steps: Step[] }

const LANE = 170;
const ROW = 44;
const TOP = 56;

export function processesView(app: App, root: HTMLElement, route: { process?: string }): void {
  const list = h('nav', { class: 'process-list', id: 'process-list', 'aria-label': 'Processes' });
  const detail = h('div', { class: 'process-detail', id: 'process-detail' });
  replace(root, h('div', { class: 'split processes' }, list, detail));
  void load(list, 'the processes', () => post<{ processes: ProcessItem[]; total: number; truncated: boolean }>('/graph/processes', { repo: app.repo.name }), (r) => {
    if (r.total === 0) { replace(list, h('p', { class: 'muted', id: 'no-processes' }, 'No execution flows were found in this repository.')); return; }
    replace(list, h('p', { class: 'muted' }, `${fmt(r.total)} processes${r.truncated ? ` (the ${fmt(r.processes.length)} longest)` : ''}`),
      h('ul', { class: 'side-list' }, r.processes.map((p) => h('li', null, h('a', {
        href: `#/${encodeURIComponent(app.repo.name)}/processes/${encodeURIComponent(p.uid)}`, class: 'process-link', dataset: { uid: p.uid },
        'aria-current': p.uid === route.process || p.name === route.process ? 'page' : undefined,
      }, p.name, h('span', { class: 'muted' }, ` ${p.steps} steps`))))));
  });
  if (!route.process) { replace(detail, h('p', { class: 'muted' }, 'Pick a process to see it step by step.')); return; }
  void load(detail, 'the process', () => post<Sequence>('/graph/process', { repo: app.repo.name, process: route.process }), (seq) => drawSequence(app, detail, seq));
}

function drawSequence(app: App, root: HTMLElement, seq: Sequence): void {
  const width = Math.max(1, seq.participants.length) * LANE + 40;
  const height = TOP + seq.steps.length * ROW + 30;
  const x = (lane: number) => 20 + lane * LANE + LANE / 2;
  const diagram = svg('svg', { class: 'sequence', id: 'sequence', width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': `Sequence diagram of ${seq.process.name}` });
  const defs = svg('defs', {}, svg('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' },
    svg('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'arrow-head' })));
  diagram.append(defs);
  seq.participants.forEach((p, i) => {
    const title = svg('title', {}, `${p.label} ${p.name}${p.filePath ? ` (${p.filePath})` : ''}`);
    diagram.append(
      svg('line', { x1: x(i), y1: TOP - 16, x2: x(i), y2: height - 10, class: 'lifeline' }),
      svg('rect', { x: x(i) - LANE / 2 + 8, y: 8, width: LANE - 16, height: 30, rx: 5, class: 'participant' }, title),
      svg('text', { x: x(i), y: 28, 'text-anchor': 'middle', class: 'participant-name' }, clip(p.name, 22)));
  });
  const byStep = new Map(seq.steps.map((s) => [s.step, s]));
  seq.steps.forEach((s, i) => {
    const y = TOP + i * ROW + ROW / 2;
    const caller = s.from !== undefined ? byStep.get(s.from) : i > 0 ? seq.steps[i - 1] : undefined;
    const fromLane = caller ? caller.participant : -1;
    const direct = s.from !== undefined;
    const dashed = !direct || (s.confidence ?? 1) < LOW_CONFIDENCE;
    const cls = `message${dashed ? ' dashed' : ''}`;
    const label = `${s.step}. ${s.name}()`;
    const group = svg('g', { class: 'step', tabindex: 0, role: 'button', 'data-uid': s.uid, 'data-step': s.step });
    group.append(svg('title', {}, `${s.label} ${s.name} · ${s.filePath ?? ''}${s.line ? `:${s.line}` : ''}${direct ? ` · called from step ${s.from}${s.callLine ? ` (line ${s.callLine})` : ''}` : i === 0 ? ' · entry point' : ' · no direct call from an earlier step'}`));
    if (fromLane === s.participant) {
      const x0 = x(s.participant);
      group.append(svg('path', { d: `M ${x0} ${y - 12} h 34 v 14 h -30`, class: cls, fill: 'none', 'marker-end': 'url(#arrow)' }),
        svg('text', { x: x0 + 40, y: y - 2, class: 'message-label' }, clip(label, 26)));
    } else {
      const x1 = fromLane < 0 ? 4 : x(fromLane);
      const x2 = x(s.participant);
      group.append(svg('line', { x1, y1: y, x2: x2 + (x2 > x1 ? -4 : 4), y2: y, class: cls, 'marker-end': 'url(#arrow)' }),
        svg('text', { x: (x1 + x2) / 2, y: y - 6, 'text-anchor': 'middle', class: 'message-label' }, clip(label, 30)));
    }
    group.append(svg('rect', { x: x(s.participant) - 4, y: y - 4, width: 8, height: ROW - 8, class: 'activation' }));
    const open = () => app.openSymbol(s.uid);
    group.addEventListener('click', open);
    group.addEventListener('keydown', (e) => { if ((e as KeyboardEvent).key === 'Enter' || (e as KeyboardEvent).key === ' ') { e.preventDefault(); open(); } });
    diagram.append(group);
  });
  replace(root,
    h('h2', { id: 'process-name' }, seq.process.name),
    h('p', { class: 'muted' }, `${seq.steps.length} steps across ${seq.participants.length} lifelines`, seq.process.modules.length ? ` · modules: ${seq.process.modules.join(', ')}` : '',
      ' · a dashed arrow: no direct call from an earlier step, or a low-confidence one'),
    h('div', { class: 'sequence-wrap' }, diagram),
    h('ol', { class: 'side-list steps', id: 'process-steps' }, seq.steps.map((s) => h('li', { value: String(s.step) }, symbolLink(app, { ...s, type: s.label },
      s.from !== undefined ? `called from step ${s.from}` : undefined)))));
}

function clip(text: string, max: number): string {
  return text.length > max ? text.slice(0, max - 1) + '…' : text;
}
