/**
 * How the CLI writes for people: plain text or ANSI colour. Colour only when the stream is a terminal that
 * supports it; Node's `hasColors()` already honours NO_COLOR, NODE_DISABLE_COLORS, FORCE_COLOR and TERM=dumb.
 */

/** Text decorations; every one is the identity when colour is off. */
export interface Style {
  readonly color: boolean;
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  yellow(s: string): string;
  green(s: string): string;
  cyan(s: string): string;
  magenta(s: string): string;
}

const wrap = (open: number, close: number) => (s: string) => `\x1b[${open}m${s}\x1b[${close}m`;

const COLOR: Style = {
  color: true,
  bold: wrap(1, 22), dim: wrap(2, 22), red: wrap(31, 39), yellow: wrap(33, 39), green: wrap(32, 39), cyan: wrap(36, 39), magenta: wrap(35, 39),
};
const id = (s: string) => s;
/** No decoration at all (pipes, files, NO_COLOR). */
export const PLAIN: Style = { color: false, bold: id, dim: id, red: id, yellow: id, green: id, cyan: id, magenta: id };

/** The style for a stream: colour when it is a terminal with colours (NO_COLOR, FORCE_COLOR respected), else plain. */
export function styleFor(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): Style {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return PLAIN;
  if (stream.isTTY === true && typeof stream.hasColors === 'function') return stream.hasColors(env) ? COLOR : PLAIN;
  // Not a terminal: colour only when asked for explicitly.
  const force = env.FORCE_COLOR;
  return force !== undefined && force !== '0' && force !== 'false' ? COLOR : PLAIN;
}

/** Removes ANSI colour sequences (for width computations and tests). */
export function stripAnsi(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/\x1b\[[0-9;]*m/g, '');
}

/** The risk level in its colour: red for HIGH/CRITICAL, yellow for MEDIUM, green for LOW/none. */
export function riskColor(style: Style, level: string): string {
  const l = level.toUpperCase();
  if (l === 'CRITICAL' || l === 'HIGH') return style.bold(style.red(level));
  if (l === 'MEDIUM') return style.yellow(level);
  return style.green(level);
}
