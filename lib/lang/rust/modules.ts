/**
 * Rust's modules: each file is a module named by its place in its crate — the crate root (`src/lib.rs`,
 * `src/main.rs`) is the crate itself, `src/a.rs` and `src/a/mod.rs` are `a`, `src/a/b.rs` is `a::b` — and a crate is
 * named by its Cargo.toml (`[lib] name`, else `[package] name` with `-` as `_`; the nearest Cargo.toml above the file:
 * workspaces have one per member). `src/bin/x.rs`, and each file under `tests/`, `examples/` and `benches/`, is a crate
 * of its own that uses the library by its name. Without a Cargo.toml the folder holding `src` names the crate.
 * Package keys join the crate and module names with `.` (`shop.model.user`).
 */
import { posix } from 'node:path';
import type { ReadText } from '../../resolve/rules.ts';

/** The module of every Rust file (plain JSON). */
export interface RustSettings {
  /** Package key by file. */
  module: Record<string, string>;
  /** The crate root's package key by file (what `crate::` names there). */
  root: Record<string, string>;
}

/** Reads every Cargo.toml and names each Rust file's module. */
export function loadRustSettings(filePaths: readonly string[], readText: ReadText): RustSettings {
  const crates: Array<{ dir: string; name: string }> = [];
  for (const p of filePaths) {
    if (p !== 'Cargo.toml' && !p.endsWith('/Cargo.toml')) continue;
    const name = crateName(readText(p) ?? '');
    if (name) crates.push({ dir: dirOf(p), name });
  }
  crates.sort((a, b) => b.dir.length - a.dir.length);
  const out: RustSettings = { module: {}, root: {} };
  for (const p of [...filePaths].filter((x) => x.endsWith('.rs')).sort()) {
    const c = crates.find((k) => k.dir === '' || p.startsWith(`${k.dir}/`)) ?? guessCrate(p);
    const rel = c.dir ? p.slice(c.dir.length + 1) : p;
    const { root, module } = moduleOf(c.name, rel);
    out.module[p] = module;
    out.root[p] = root;
  }
  return out;
}

/** `[lib] name`, else `[package] name`, as Rust spells it. */
function crateName(toml: string): string | undefined {
  const section = (s: string): string | undefined => {
    const m = new RegExp(`^\\s*\\[${s}\\]\\s*$([\\s\\S]*?)(?=^\\s*\\[|(?![\\s\\S]))`, 'm').exec(toml);
    return m?.[1];
  };
  const nameIn = (body: string | undefined): string | undefined => (body ? /^\s*name\s*=\s*["']([^"']+)["']/m.exec(body)?.[1] : undefined);
  const name = nameIn(section('lib')) ?? nameIn(section('package'));
  return name?.replace(/-/g, '_');
}

/** A crate without a Cargo.toml: the folder above `src`, named after it. */
function guessCrate(p: string): { dir: string; name: string } {
  const i = p.lastIndexOf('src/');
  if (i === 0 || (i > 0 && p[i - 1] === '/')) {
    const dir = i === 0 ? '' : p.slice(0, i - 1);
    return { dir, name: (dir ? posix.basename(dir) : 'crate').replace(/-/g, '_') };
  }
  return { dir: '', name: 'crate' };
}

/** The module of a file at `rel` below its crate's folder, and its crate root's key. */
function moduleOf(crate: string, rel: string): { root: string; module: string } {
  const parts = rel.replace(/\.rs$/, '').split('/');
  if (parts[0] === 'src') {
    const rest = parts.slice(1);
    if (rest[0] === 'bin' && rest.length > 1) {
      // a binary: src/bin/x.rs or src/bin/x/main.rs
      const root = `${crate}_bin_${rest[1]}`;
      return { root, module: join(root, trimFile(rest.slice(2))) };
    }
    if (rest.length === 1 && (rest[0] === 'lib' || rest[0] === 'main')) return { root: crate, module: crate };
    return { root: crate, module: join(crate, trimFile(rest)) };
  }
  if (parts[0] === 'tests' || parts[0] === 'examples' || parts[0] === 'benches') {
    if (parts.length === 2) { const root = `${crate}_${parts[0]}_${parts[1]}`; return { root, module: root }; }
    const root = `${crate}_${parts[0]}_${parts[1]}`;
    return { root, module: join(root, trimFile(parts.slice(2))) };
  }
  if (parts.length === 1 && (parts[0] === 'lib' || parts[0] === 'main' || parts[0] === 'build')) return { root: crate, module: crate };
  return { root: crate, module: join(crate, trimFile(parts)) };
}

function trimFile(parts: string[]): string[] {
  return parts.length && (parts[parts.length - 1] === 'mod' || parts[parts.length - 1] === 'main') ? parts.slice(0, -1) : parts;
}

function join(root: string, parts: readonly string[]): string {
  return parts.length ? `${root}.${parts.join('.')}` : root;
}

function dirOf(p: string): string {
  const d = posix.dirname(p);
  return d === '.' ? '' : d;
}

/** The package a file's module is. */
export function moduleOfFile(p: string, s: RustSettings | undefined): string {
  return s?.module[p] ?? 'crate';
}

/** What `crate`, `self` and `super` name in a file; undefined for other names. */
export function pathRootOf(name: string, p: string, s: RustSettings | undefined): string | undefined {
  if (name === 'crate') return s?.root[p] ?? 'crate';
  if (name === 'self') return moduleOfFile(p, s);
  if (name === 'super') {
    const m = moduleOfFile(p, s);
    const root = s?.root[p] ?? 'crate';
    return m === root || !m.includes('.') ? m : m.slice(0, m.lastIndexOf('.'));
  }
  return undefined;
}
