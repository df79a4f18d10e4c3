/**
 * Build constraints: whether `go build` on linux/amd64 (the gc toolchain, cgo on) compiles a file — by its name
 * (`_windows.go`, `_darwin_arm64.go`) and its `//go:build` line (or the older `// +build` lines). Where a package
 * declares a name once per platform, the resolver prefers the file that this build compiles (the others keep
 * their callers at a lower confidence).
 */

const GOOS = ['aix', 'android', 'darwin', 'dragonfly', 'freebsd', 'hurd', 'illumos', 'ios', 'js', 'linux', 'nacl', 'netbsd', 'openbsd', 'plan9', 'solaris', 'wasip1', 'windows', 'zos'];
const GOARCH = ['386', 'amd64', 'amd64p32', 'arm', 'arm64', 'arm64be', 'armbe', 'loong64', 'mips', 'mips64', 'mips64le', 'mips64p32', 'mips64p32le', 'mipsle', 'ppc', 'ppc64', 'ppc64le', 'riscv', 'riscv64', 's390', 's390x', 'sparc', 'sparc64', 'wasm'];
const KNOWN_OS = new Set(GOOS);
const KNOWN_ARCH = new Set(GOARCH);

/** The tags this build satisfies. */
function satisfied(tag: string): boolean {
  if (tag === 'linux' || tag === 'amd64' || tag === 'unix' || tag === 'gc' || tag === 'cgo') return true;
  const m = /^go1\.(\d+)$/.exec(tag);
  return !!m && Number(m[1]) <= 22;
}

/** The header's build condition: the `//go:build` expression, else the `// +build` lines (each a disjunction), joined by `&&`. */
export function buildDirective(text: string): string | undefined {
  const end = text.search(/^\s*package\s/m);
  const head = end < 0 ? text.slice(0, 4096) : text.slice(0, end);
  const go = /^\/\/go:build\s+(.+)$/m.exec(head);
  if (go) return go[1].trim();
  const plus = [...head.matchAll(/^\/\/\s*\+build\s+(.+)$/gm)].map((m) => m[1].trim().split(/\s+/).map((alt) => alt.split(',').join(' && ')).join(' || '));
  return plus.length ? plus.map((p) => `(${p})`).join(' && ') : undefined;
}

/** Whether this build compiles a file with that path and build condition. */
export function fileActive(path: string, build: string | undefined): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1).replace(/\.go$/, '').replace(/_test$/, '');
  const parts = base.split('_');
  const last = parts[parts.length - 1], prev = parts.length > 2 ? parts[parts.length - 2] : undefined;
  if (parts.length > 1) {
    if (prev !== undefined && KNOWN_OS.has(prev) && KNOWN_ARCH.has(last)) { if (!satisfied(prev) || !satisfied(last)) return false; }
    else if ((KNOWN_OS.has(last) || KNOWN_ARCH.has(last)) && !satisfied(last)) return false;
  }
  if (!build) return true;
  try { return evaluate(build); } catch { return true; }
}

/** Evaluates a build expression (`a && (b || !c)`). */
function evaluate(expr: string): boolean {
  const tokens = expr.match(/&&|\|\||!|\(|\)|[\w.]+/g) ?? [];
  let i = 0;
  const or = (): boolean => { let v = and(); while (tokens[i] === '||') { i++; const r = and(); v = v || r; } return v; };
  const and = (): boolean => { let v = not(); while (tokens[i] === '&&') { i++; const r = not(); v = v && r; } return v; };
  const not = (): boolean => {
    const t = tokens[i++];
    if (t === '!') return !not();
    if (t === '(') { const v = or(); if (tokens[i++] !== ')') throw new Error('unbalanced'); return v; }
    if (t === undefined) throw new Error('empty');
    return satisfied(t);
  };
  const v = or();
  if (i !== tokens.length) throw new Error('trailing');
  return v;
}
