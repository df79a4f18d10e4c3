/**
 * Progress on a terminal: one self-overwriting stderr line with the phase, files done of the total, the rate,
 * and the seconds the phase has run (redrawn every second, so a long phase without counts still moves).
 */
import type { Phase } from './summary.ts';

/** Receives progress; the pipeline calls it, a terminal (or a test) shows it. */
export interface ProgressSink {
  phase(phase: Phase, total?: number): void;
  tick(done: number): void;
  /** Clears the line before the summary is printed. */
  end(): void;
}

/** A sink that prints nothing (not a terminal, or library use). */
export const silentProgress: ProgressSink = { phase() {}, tick() {}, end() {} };

/** Draws progress on a TTY stream, at most every 80 ms. */
export class TerminalProgress implements ProgressSink {
  private current: Phase | undefined;
  private total: number | undefined;
  private started = 0;
  private lastDraw = 0;
  private done = 0;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {}

  phase(phase: Phase, total?: number): void {
    this.current = phase;
    this.total = total;
    this.started = Date.now();
    this.done = 0;
    this.draw(true);
    if (!this.timer) {
      this.timer = setInterval(() => this.draw(true), 1000);
      this.timer.unref();
    }
  }

  tick(done: number): void {
    this.done = done;
    this.draw(false);
  }

  end(): void {
    if (this.timer) { clearInterval(this.timer); this.timer = undefined; }
    this.current = undefined;
    this.stream.write('\r\x1b[K');
  }

  /** Prints a message on its own line (clearing the progress line first), then redraws the progress. */
  message(text: string): void {
    this.stream.write(`\r\x1b[K${text}\n`);
    if (this.current) this.draw(true);
  }

  private draw(force: boolean): void {
    const now = Date.now();
    if (!force && now - this.lastDraw < 80) return;
    this.lastDraw = now;
    if (!this.current) return;
    const elapsed = (now - this.started) / 1000;
    const counts = this.total !== undefined ? ` ${this.done}/${this.total} files` : '';
    const rate = this.total !== undefined && elapsed > 0.2 ? `  ${Math.round(this.done / elapsed)} files/s` : '';
    const clock = elapsed >= 1 ? `  ${Math.floor(elapsed)}s` : '';
    const line = `${this.current}${counts}${rate}${clock}`;
    this.stream.write(`\r\x1b[K${line.slice(0, Math.max(20, (this.stream.columns ?? 80) - 1))}`);
  }
}
