/** The AI chat panel: endpoint settings (kept in this browser), the conversation, tool calls shown inline. */
import type { App } from '../app.ts';
import { h, replace } from '../dom.ts';
import { errorBox } from '../views/common.ts';
import { converse, loadSettings, saveSettings, systemPrompt, type ChatMessage } from './client.ts';

export class ChatPanel {
  readonly element = h('aside', { class: 'panel chat', id: 'chat', 'aria-label': 'AI chat', hidden: true });
  open = false;
  private history: ChatMessage[] = [];
  private repo: string | undefined;
  private abort: AbortController | undefined;
  private readonly log = h('div', { class: 'chat-log', id: 'chat-log', 'aria-live': 'polite' });
  private readonly input = h('textarea', { id: 'chat-input', rows: 3, 'aria-label': 'Message', placeholder: 'Ask about this code… (Enter sends, Shift+Enter: new line)' });
  private readonly send = h('button', { type: 'submit', id: 'chat-send' }, 'Send');
  private readonly settingsBox = h('details', { class: 'chat-settings', id: 'chat-settings' });

  constructor(private readonly app: () => App) {
    this.input.addEventListener('keydown', (e) => { if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); void this.ask(); } });
    this.drawSettings();
    replace(this.element,
      h('header', null, h('h2', null, 'AI chat'), h('button', { class: 'icon close', 'aria-label': 'Close the chat', onclick: () => this.toggle(false) }, '×')),
      this.settingsBox, this.log,
      h('form', { class: 'chat-form', onsubmit: (e: Event) => { e.preventDefault(); void this.ask(); } }, this.input,
        h('div', { class: 'controls' }, this.send, h('button', { type: 'button', id: 'chat-stop', onclick: () => this.abort?.abort() }, 'Stop'),
          h('button', { type: 'button', onclick: () => { this.history = []; this.log.replaceChildren(); } }, 'New chat'))));
  }

  toggle(force?: boolean): void {
    this.open = force ?? !this.open;
    this.element.hidden = !this.open;
    if (this.open) {
      const s = loadSettings();
      this.settingsBox.open = !s.baseUrl || !s.model;
      (this.settingsBox.open ? this.settingsBox.querySelector('input') as HTMLElement : this.input).focus();
    }
  }

  private drawSettings(): void {
    const s = loadSettings();
    const base = h('input', { id: 'chat-base-url', value: s.baseUrl, placeholder: 'http://127.0.0.1:11434/v1', 'aria-label': 'Endpoint base URL' });
    const model = h('input', { id: 'chat-model', value: s.model, placeholder: 'model name', 'aria-label': 'Model' });
    const key = h('input', { id: 'chat-key', type: 'password', value: s.apiKey, placeholder: 'API key (optional)', 'aria-label': 'API key', autocomplete: 'off' });
    const status = h('div', { class: 'muted', id: 'chat-settings-status' });
    replace(this.settingsBox, h('summary', null, 'Endpoint'),
      h('form', { onsubmit: (e: Event) => {
        e.preventDefault();
        try {
          saveSettings({ baseUrl: base.value.trim(), model: model.value.trim(), apiKey: key.value });
          replace(status, 'Saved in this browser.');
          this.settingsBox.open = false;
        } catch (err) {
          replace(status, errorBox(err));
        }
      } },
      h('label', null, 'OpenAI-compatible base URL', base), h('label', null, 'Model', model), h('label', null, 'API key', key),
      h('p', { class: 'muted' }, 'Kept in this browser\'s local storage and sent only to that endpoint, never to the codegraph server.'),
      h('button', { type: 'submit', id: 'chat-save' }, 'Save'), status));
  }

  private async ask(): Promise<void> {
    const text = this.input.value.trim();
    if (!text || this.abort) return;
    const settings = loadSettings();
    if (!settings.baseUrl || !settings.model) { this.settingsBox.open = true; replace(this.log, h('p', { class: 'warn' }, 'Set the endpoint and model first.')); return; }
    const repo = this.app().repo;
    if (this.repo !== repo.name) { this.history = []; this.repo = repo.name; }
    if (this.history.length === 0) this.history.push(systemPrompt(repo));
    this.history.push({ role: 'user', content: text });
    this.input.value = '';
    this.log.append(h('div', { class: 'msg user' }, text));
    const pending = h('div', { class: 'msg pending', role: 'status' }, 'Thinking…');
    this.log.append(pending);
    this.abort = new AbortController();
    this.send.disabled = true;
    try {
      await converse(settings, this.history, repo.name, this.abort.signal, (e) => {
        if (e.kind === 'assistant') {
          if (e.message.content) pending.before(h('div', { class: 'msg assistant' }, e.message.content));
        } else {
          pending.before(h('details', { class: `msg tool${e.event.ok ? '' : ' failed'}`, dataset: { tool: e.event.name } },
            h('summary', null, `${e.event.name}(${JSON.stringify(e.event.args)})${e.event.ok ? '' : ' — error'}`),
            h('pre', null, e.event.result.length > 4000 ? e.event.result.slice(0, 4000) + '…' : e.event.result)));
        }
        this.log.scrollTop = this.log.scrollHeight;
      });
    } catch (err) {
      pending.before(errorBox(err));
    } finally {
      pending.remove();
      this.abort = undefined;
      this.send.disabled = false;
    }
  }
}
