/** Progress on a terminal: one self-overwriting stderr line with the phase, files done and the rate. */
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

  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {}

  phase(phase: Phase, total?: number): void {
    this.current = phase;
    this.total = total;
    this.started = Date.now();
    this.done = 0;
    this.draw(true);
  }

  tick(done: number): void {
    this.done = done;
    this.draw(false);
  }

  end(): void {
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
    const elapsed = (now - this.started) / 1000;
    const counts = this.total !== undefined ? ` ${this.done}/${this.total} files` : '';
    const rate = this.total !== undefined && elapsed > 0.2 ? `  ${Math.round(this.done / elapsed)} files/s` : '';
    const line = `${this.current ?? ''}${counts}${rate}`;
    this.stream.write(`\r\x1b[K${line.slice(0, Math.max(20, (this.stream.columns ?? 80) - 1))}`);
  }
}
