/** Project configuration: tsconfig/jsconfig (JSONC, extends) and in-repository packages, and bad config files. */
import test from 'ava';
import { loadEcmaConfig as loadProjectConfig, parseJsonc } from '../../lib/lang/javascript/config.ts';
import { ModuleResolver } from '../../lib/lang/javascript/modules.ts';

test('JSONC: comments and trailing commas, but not inside strings', (t) => {
  t.deepEqual(parseJsonc('{ "a": "x//y", /* c */ "b": ["/*not*/"], // end\n }'), { a: 'x//y', b: ['/*not*/'] });
  t.deepEqual(parseJsonc('\ufeff{"paths": {"@/*": ["src/*",],},}'), { paths: { '@/*': ['src/*'] } });
  t.is(parseJsonc('{ not json'), undefined);
});

test('bad configuration files are ignored, never fatal', (t) => {
  const files: Record<string, string> = {
    'tsconfig.json': '{ "extends": "./a.json" }',
    'a.json': '{ "extends": "./b.json", "compilerOptions": { "baseUrl": "src" } }',
    'b.json': '{ "extends": "./a.json" }', // a cycle
    'pkg/tsconfig.json': '{ broken',
    'pkg/package.json': '[1, 2]',
    'other/package.json': '{ "name": 42 }',
    'x/src/m.ts': '',
  };
  const config = loadProjectConfig(Object.keys(files), (rel) => files[rel]);
  t.deepEqual(config.tsconfigs?.find((c) => c.dir === '')?.baseUrl, 'src');
  t.true(config.tsconfigs?.some((c) => c.dir === 'pkg'));
  t.deepEqual(config.packages, []);
  const none = loadProjectConfig(['a.ts'], () => undefined);
  t.deepEqual(none, { tsconfigs: [], packages: [] });
});

test('module resolution order: relative, paths, baseUrl, local packages (exports, source beside build output), external', (t) => {
  const files: Record<string, string> = {
    'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "#lib/*": ["lib/*", "fallback/*"] } } }',
    'packages/ui/package.json': '{ "name": "@x/ui", "exports": { ".": { "types": "./dist/index.d.ts", "import": "./dist/index.mjs" }, "./button": "./dist/button.js" } }',
  };
  const sources = ['src/a.ts', 'src/b/index.tsx', 'lib/only.ts', 'fallback/other.js', 'packages/ui/src/index.ts', 'packages/ui/src/button.ts', 'top.ts'];
  const config = loadProjectConfig([...Object.keys(files), ...sources], (rel) => files[rel]);
  const r = new ModuleResolver(new Set(sources), config);
  t.deepEqual(r.resolve('src/a.ts', './b'), { file: 'src/b/index.tsx' });
  t.deepEqual(r.resolve('src/a.ts', '../top.js'), { file: 'top.ts' });
  t.deepEqual(r.resolve('src/a.ts', './nope'), { missing: true });
  t.deepEqual(r.resolve('src/a.ts', '../../outside'), { missing: true });
  t.deepEqual(r.resolve('src/a.ts', '#lib/only'), { file: 'lib/only.ts' });
  t.deepEqual(r.resolve('src/a.ts', '#lib/other'), { file: 'fallback/other.js' });
  t.deepEqual(r.resolve('src/a.ts', 'src/a'), { file: 'src/a.ts' });
  t.deepEqual(r.resolve('src/a.ts', '@x/ui'), { file: 'packages/ui/src/index.ts' });
  t.deepEqual(r.resolve('src/a.ts', '@x/ui/button'), { file: 'packages/ui/src/button.ts' });
  t.deepEqual(r.resolve('src/a.ts', '@x/ui/missing'), { missing: true });
  t.deepEqual(r.resolve('src/a.ts', 'react'), { external: 'react' });
  t.deepEqual(r.resolve('src/a.ts', '@scope/pkg/deep/path'), { external: '@scope/pkg' });
  t.deepEqual(r.resolve('src/a.ts', 'node:fs'), { external: 'node:fs' });
});

test('package.json imports: nearest scope, tsconfig paths first, patterns by longest prefix, externals, bad entries ignored', (t) => {
  const files: Record<string, string> = {
    'package.json': '{ "imports": { "#a/*": "./src/a/*.ts", "#a/special/*": "./src/special/*.ts", "#dep": "chalk", "#bad": "../out.ts", "nohash": "./x.ts", "#two/*/*": "./y/*/*.ts" } }',
    'tsconfig.json': '{ "compilerOptions": { "paths": { "#aliased": ["./src/aliased.ts"] } } }',
    'inner/package.json': '{ "private": true }',
  };
  const sources = ['src/a/one.ts', 'src/special/two.ts', 'src/aliased.ts', 'inner/x.ts', 'src/main.ts'];
  const config = loadProjectConfig([...Object.keys(files), ...sources], (rel) => files[rel]);
  const r = new ModuleResolver(new Set(sources), config);
  t.deepEqual(r.resolve('src/main.ts', '#a/one'), { file: 'src/a/one.ts' });
  t.deepEqual(r.resolve('src/main.ts', '#a/special/two'), { file: 'src/special/two.ts' });
  t.deepEqual(r.resolve('src/main.ts', '#dep'), { external: 'chalk' });
  t.deepEqual(r.resolve('src/main.ts', '#aliased'), { file: 'src/aliased.ts' });
  t.deepEqual(r.resolve('src/main.ts', '#bad'), { missing: true });
  t.deepEqual(r.resolve('src/main.ts', '#two/x/y'), { missing: true });
  // a nearer package.json without imports hides the root's (Node's scope rule)
  t.deepEqual(r.resolve('inner/x.ts', '#a/one'), { missing: true });
});

test('solution-style tsconfig: paths come from a referenced config beside it, not from another folder', (t) => {
  const files: Record<string, string> = {
    'tsconfig.json': '{ "files": [], "references": [{ "path": "./pkg/tsconfig.json" }, { "path": "./tsconfig.app.json" }] }',
    'tsconfig.app.json': '{ "compilerOptions": { "paths": { "@/*": ["./src/*"] } } }',
    'pkg/tsconfig.json': '{ "compilerOptions": { "paths": { "~/*": ["./lib/*"] } } }',
  };
  const sources = ['src/u.ts', 'src/main.ts', 'pkg/lib/v.ts'];
  const config = loadProjectConfig([...Object.keys(files), ...sources], (rel) => files[rel]);
  const r = new ModuleResolver(new Set(sources), config);
  t.deepEqual(r.resolve('src/main.ts', '@/u'), { file: 'src/u.ts' });
  t.deepEqual(r.resolve('src/main.ts', '~/v'), { external: '~' });
  t.deepEqual(r.resolve('pkg/lib/v.ts', '~/v'), { file: 'pkg/lib/v.ts' });
});

test('exports: conditions in the object order, customConditions of the importing file\'s tsconfig, patterns, exclusions', (t) => {
  const files: Record<string, string> = {
    'tsconfig.base.json': '{ "compilerOptions": { "customConditions": ["@x/source"] } }',
    'apps/a/tsconfig.json': '{ "extends": "../../tsconfig.base.json" }',
    'packages/k/package.json': JSON.stringify({
      name: '@x/k',
      exports: {
        '.': { '@x/source': './src/index.ts', types: './dist/index.d.ts', default: './dist/index.js' },
        './feature/*': { '@x/source': './src/feature/*.ts', default: './dist/feature/*.js' },
        './first': { default: './src/runtime.ts', types: './src/declared.ts' },
        './private/*': null,
      },
    }),
  };
  const sources = ['apps/a/main.ts', 'apps/b/main.ts', 'packages/k/src/index.ts', 'packages/k/index.ts', 'packages/k/src/feature/x.ts', 'packages/k/src/runtime.ts', 'packages/k/src/declared.ts', 'packages/k/src/private/p.ts', 'packages/k/private/p.ts'];
  const config = loadProjectConfig([...Object.keys(files), ...sources], (rel) => files[rel]);
  t.deepEqual(config.tsconfigs?.find((c) => c.dir === 'apps/a')?.conditions, ['@x/source']);
  const r = new ModuleResolver(new Set(sources), config);
  t.deepEqual(r.resolve('apps/a/main.ts', '@x/k'), { file: 'packages/k/src/index.ts' });
  t.deepEqual(r.resolve('apps/a/main.ts', '@x/k/feature/x'), { file: 'packages/k/src/feature/x.ts' });
  // without the custom condition: `types` leads to build output, whose source is found beside it
  t.deepEqual(r.resolve('apps/b/main.ts', '@x/k/feature/x'), { file: 'packages/k/src/feature/x.ts' });
  // the first active condition the object lists wins, not `types` by preference
  t.deepEqual(r.resolve('apps/b/main.ts', '@x/k/first'), { file: 'packages/k/src/runtime.ts' });
  t.deepEqual(r.resolve('apps/a/main.ts', '@x/k/private/p'), { missing: true });
  t.deepEqual(r.resolve('apps/a/main.ts', '@x/k/unlisted'), { missing: true });
});

test('typesVersions (first range TypeScript 5 satisfies) and build output mapped to sources through tsconfig outDir/rootDir', (t) => {
  const files: Record<string, string> = {
    'old/package.json': JSON.stringify({ name: 'old', typesVersions: { '<4.0': { '*': ['ts3/*'] }, '>=4.2 <6': { 'v2': ['./types/v2.d.ts'], '*': ['./src/*'] } } }),
    'tools/package.json': JSON.stringify({ name: 'tools', exports: { '.': { types: './build/index.d.ts', import: './build/index.js' }, './sub': './build/deep/sub.js' } }),
    'tools/tsconfig.json': '{ "compilerOptions": { "outDir": "build", "rootDir": "lib" } }',
    'gen/package.json': JSON.stringify({ name: 'gen', main: './out/main.js' }),
    'gen/tsconfig.build.json': '{ "compilerOptions": { "outDir": "./out" }, "include": ["code/**/*"] }',
  };
  const sources = ['main.ts', 'old/src/index.ts', 'old/src/a/b.ts', 'old/ts3/a/b.ts', 'old/types/v2.d.ts', 'tools/lib/index.ts', 'tools/lib/deep/sub.ts', 'gen/code/main.ts'];
  const config = loadProjectConfig([...Object.keys(files), ...sources], (rel) => files[rel]);
  t.deepEqual(config.outputs, [{ out: 'tools/build', root: 'tools/lib' }, { out: 'gen/out', root: 'gen/code' }]);
  const r = new ModuleResolver(new Set(sources), config);
  t.deepEqual(r.resolve('main.ts', 'old'), { file: 'old/src/index.ts' });
  t.deepEqual(r.resolve('main.ts', 'old/a/b'), { file: 'old/src/a/b.ts' });
  t.deepEqual(r.resolve('main.ts', 'old/v2'), { file: 'old/types/v2.d.ts' });
  t.deepEqual(r.resolve('main.ts', 'tools'), { file: 'tools/lib/index.ts' });
  t.deepEqual(r.resolve('main.ts', 'tools/sub'), { file: 'tools/lib/deep/sub.ts' });
  t.deepEqual(r.resolve('main.ts', 'gen'), { file: 'gen/code/main.ts' });
});

test('package.json imports with conditions: the active ones in order, then a package name', (t) => {
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ imports: { '#env': { browser: './src/env-browser.ts', default: './src/env-node.ts' }, '#dep': { import: 'chalk' } } }),
  };
  const sources = ['src/env-browser.ts', 'src/env-node.ts', 'src/main.ts'];
  const config = loadProjectConfig([...Object.keys(files), ...sources], (rel) => files[rel]);
  const r = new ModuleResolver(new Set(sources), config);
  t.deepEqual(r.resolve('src/main.ts', '#env'), { file: 'src/env-node.ts' });
  t.deepEqual(r.resolve('src/main.ts', '#dep'), { external: 'chalk' });
});

test('workspace members win a shared package name: package.json workspaces, pnpm-workspace.yaml, tsconfig references', (t) => {
  const resolveIn = (files: Record<string, string>, sources: string[]) => {
    const config = loadProjectConfig([...Object.keys(files), ...sources], (rel) => files[rel]);
    return { config, r: new ModuleResolver(new Set(sources), config) };
  };
  const pkg = (name: string) => JSON.stringify({ name, main: './src/index.ts' });
  const sources = ['app.ts', 'aaa/ui/src/index.ts', 'packages/ui/src/index.ts', 'packages/skip/src/index.ts'];
  const copies = { 'aaa/ui/package.json': pkg('@x/ui'), 'packages/ui/package.json': pkg('@x/ui'), 'packages/skip/package.json': pkg('@x/skip') };
  // nothing declares a workspace: the first folder in order
  t.deepEqual(resolveIn({ ...copies }, sources).r.resolve('app.ts', '@x/ui'), { file: 'aaa/ui/src/index.ts' });
  // npm/yarn workspaces (yarn's object form too), with an exclusion
  const npm = resolveIn({ ...copies, 'package.json': JSON.stringify({ workspaces: ['packages/*', '!packages/skip'] }) }, sources);
  t.deepEqual(npm.r.resolve('app.ts', '@x/ui'), { file: 'packages/ui/src/index.ts' });
  t.deepEqual(npm.config.packages?.filter((p) => p.workspace).map((p) => p.dir), ['packages/ui']);
  const yarn = resolveIn({ ...copies, 'package.json': JSON.stringify({ workspaces: { packages: ['packages/**'] } }) }, sources);
  t.deepEqual(yarn.r.resolve('app.ts', '@x/ui'), { file: 'packages/ui/src/index.ts' });
  // pnpm
  const pnpm = resolveIn({ ...copies, 'pnpm-workspace.yaml': 'packages:\n  - "packages/*"\n  # a comment\n  - \'!**/aaa/**\'\n' }, sources);
  t.deepEqual(pnpm.r.resolve('app.ts', '@x/ui'), { file: 'packages/ui/src/index.ts' });
  t.deepEqual(resolveIn({ ...copies, 'pnpm-workspace.yaml': 'packages: [unclosed' }, sources).r.resolve('app.ts', '@x/ui'), { file: 'aaa/ui/src/index.ts' });
  // tsconfig project references
  const refs = resolveIn({ ...copies, 'tsconfig.json': '{ "files": [], "references": [{ "path": "./packages/ui" }] }' }, sources);
  t.deepEqual(refs.r.resolve('app.ts', '@x/ui'), { file: 'packages/ui/src/index.ts' });
});
