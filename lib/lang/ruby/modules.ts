/**
 * Ruby's files and their names: the load path `require` searches (the `require_paths` of every gemspec, `lib`
 * folders, `spec`/`test` for their helpers), `require_relative`, and the constant a file defines by Zeitwerk's
 * convention (`lib/foo/bar_baz.rb` → `Foo::BarBaz`, `app/models/user.rb` → `User`), which Rails and gems loaded by
 * Zeitwerk rely on instead of requires.
 */
import type { ReadText } from '../../resolve/rules.ts';

/** The project's Ruby settings: load path roots (relative folders, '' for the repository's root), in search order. */
export interface RbSettings { roots: string[] }

const RUBY_FILE = /\.(?:rb|rake|gemspec)$/;

/** Reads the load path from the repository's gemspecs and folder layout. */
export function loadRubySettings(paths: readonly string[], readText: ReadText): RbSettings {
  const roots: string[] = [];
  const add = (r: string): void => { if (!roots.includes(r)) roots.push(r); };
  for (const p of [...paths].sort()) {
    if (!p.endsWith('.gemspec')) continue;
    const dir = p.includes('/') ? p.slice(0, p.lastIndexOf('/') + 1) : '';
    const text = readText(p) ?? '';
    const m = /\.require_paths\s*=\s*\[([^\]]*)\]/.exec(text) ?? /\.require_paths\s*=\s*(%w[[(][^\])]*[\])])/.exec(text);
    const listed = m ? [...m[1].matchAll(/["']([^"']+)["']/g)].map((x) => x[1]) : [];
    const words = m && listed.length === 0 ? m[1].replace(/^%w./, '').replace(/.$/, '').trim().split(/\s+/).filter(Boolean) : [];
    const req = listed.length ? listed : words.length ? words : ['lib'];
    for (const r of req) add(`${dir}${r.replace(/^\.\/?/, '').replace(/\/$/, '')}/`.replace(/^\/$/, ''));
  }
  const dirs = new Set<string>();
  for (const p of paths) {
    if (!RUBY_FILE.test(p)) continue;
    for (let i = p.indexOf('/'); i >= 0; i = p.indexOf('/', i + 1)) dirs.add(p.slice(0, i + 1));
  }
  for (const d of [...dirs].sort()) if (/(?:^|\/)lib\/$/.test(d) && !/(?:^|\/)(?:spec|test|vendor)\//.test(d)) add(d);
  for (const d of ['spec/', 'test/']) if (dirs.has(d)) add(d);
  add('');
  return { roots };
}

/** Module lookup over the project's Ruby files. */
export class RbModules {
  private readonly files = new Set<string>();

  constructor(paths: readonly string[], private readonly settings: RbSettings) {
    for (const p of paths) this.files.add(p);
  }

  /** The project file a require names, or undefined (a gem, the standard library, a file not in the repository). */
  resolve(fromFile: string, kind: string, spec: string): string | undefined {
    if (kind === 'require_relative') {
      const dir = fromFile.includes('/') ? fromFile.slice(0, fromFile.lastIndexOf('/')) : '';
      return this.file(join(dir, spec));
    }
    if (spec.startsWith('./') || spec.startsWith('../')) {
      const dir = fromFile.includes('/') ? fromFile.slice(0, fromFile.lastIndexOf('/')) : '';
      return this.file(join(dir, spec));
    }
    if (spec.startsWith('/')) return undefined;
    for (const r of this.settings.roots) {
      const hit = this.file(`${r}${spec}`);
      if (hit) return hit;
    }
    return undefined;
  }

  private file(p: string | undefined): string | undefined {
    if (p === undefined) return undefined;
    if (this.files.has(`${p}.rb`)) return `${p}.rb`;
    if (/\.(?:rb|rake)$/.test(p) && this.files.has(p)) return p;
    return undefined;
  }
}

/** `a/b` joined with a relative spec (`../c`), or undefined when it climbs out of the repository. */
function join(dir: string, spec: string): string | undefined {
  const parts = dir ? dir.split('/') : [];
  for (const s of spec.split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') { if (parts.length === 0) return undefined; parts.pop(); } else parts.push(s);
  }
  return parts.join('/');
}

/**
 * The constant a file defines by Zeitwerk's convention (`lib/foo/bar_baz.rb` → `Foo::BarBaz`; under Rails' `app/<folder>/`
 * and `app/<folder>/concerns/` folders the path below them), or undefined for a file outside those roots.
 */
export function zeitwerkName(path: string): string | undefined {
  if (!path.endsWith('.rb')) return undefined;
  const m = /^(?:.*\/)?(?:app\/[^/]+\/concerns\/|app\/[^/]+\/|lib\/)(.+)\.rb$/.exec(path);
  if (!m || m[1].includes('/lib/')) return undefined;
  return m[1].split('/').map(camelize).join('::');
}

/** `bar_baz` → `BarBaz` (Zeitwerk's default inflection, no acronyms). */
function camelize(s: string): string {
  return s.split('_').map((w) => (w ? w[0].toUpperCase() + w.slice(1) : '')).join('');
}
