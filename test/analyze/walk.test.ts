import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { walkRepository } from '../../lib/files/walk.ts';
import { classifySource, hasGeneratedHeader, isMinified } from '../../lib/files/skip-rules.ts';
import { tempDir, writeTree } from './_helpers.ts';

const reasons = (root: string) => Object.fromEntries(walkRepository(root).skipped.map((s) => [s.path, s.reason]));

test('dependency, VCS and build-output folders are skipped at any depth, but never the root itself', (t) => {
  const base = tempDir();
  const root = path.join(base, 'build'); // a root named like build output is still walked
  writeTree(root, {
    'src/a.ts': '', 'node_modules/x/index.js': '', 'packages/p/node_modules/y.js': '', '.git/HEAD': '',
    'dist/a.js': '', 'packages/p/dist/b.js': '', 'coverage/lcov.info': '', '.next/x.js': '', 'out/o.js': '',
    'vendor/v.js': '', '.codegraph/CURRENT': '',
  });
  const w = walkRepository(root);
  t.deepEqual(w.files.map((f) => f.path), ['src/a.ts']);
  t.deepEqual(reasons(root), {
    '.git': 'vcs-dir', 'coverage': 'build-output-dir', 'dist': 'build-output-dir', '.next': 'build-output-dir',
    'node_modules': 'dependency-dir', 'out': 'build-output-dir', 'packages/p/dist': 'build-output-dir',
    'packages/p/node_modules': 'dependency-dir', 'vendor': 'dependency-dir',
  });
  t.deepEqual(w.skips, { 'build-output-dir': 5, 'dependency-dir': 3, 'vcs-dir': 1 });
});

test('a folder named like build output that holds a source package marker is walked (Python\'s build/__init__.py)', (t) => {
  const root = tempDir();
  writeTree(root, {
    'src/build/__init__.py': '', 'src/build/__main__.py': 'def main(): pass\n', 'coverage/__init__.py': '',
    'build/lib/pkg/__init__.py': '', 'dist/out.js': '',
  });
  const markers = ['__init__.py'];
  t.deepEqual(walkRepository(root, { packageMarkers: markers }).files.map((f) => f.path),
    ['coverage/__init__.py', 'src/build/__init__.py', 'src/build/__main__.py']);
  // setuptools' build/lib/… output holds packages below it, not one itself: still build output
  t.deepEqual(reasons(root), { 'build': 'build-output-dir', 'dist': 'build-output-dir', 'coverage': 'build-output-dir' });
  t.deepEqual(Object.fromEntries(walkRepository(root, { packageMarkers: markers }).skipped.map((s) => [s.path, s.reason])),
    { 'build': 'build-output-dir', 'dist': 'build-output-dir' });
});

test('a folder named like build output under a `src` folder is code, at any depth (nitro\'s src/build/, a Java package)', (t) => {
  const root = tempDir();
  writeTree(root, {
    'src/build/chunks.ts': 'export const a = 1;\n', 'packages/p/src/out/o.ts': '',
    'core/src/main/java/org/x/build/Task.java': 'class Task {}', 'build/a.js': '', 'packages/p/build/b.js': '', 'app/dist/c.js': '',
  });
  t.deepEqual(walkRepository(root).files.map((f) => f.path),
    ['core/src/main/java/org/x/build/Task.java', 'packages/p/src/out/o.ts', 'src/build/chunks.ts']);
  // beside the sources (a package's or a module's own build/, dist/): output
  t.deepEqual(reasons(root), { 'build': 'build-output-dir', 'packages/p/build': 'build-output-dir', 'app/dist': 'build-output-dir' });
});

test('a `src` folder indexed on its own keeps its build/ folder as code, as in the whole checkout', (t) => {
  const root = path.join(tempDir(), 'src');
  writeTree(root, { 'build/chunks.ts': 'export const a = 1;\n', 'index.ts': '' });
  t.deepEqual(walkRepository(root).files.map((f) => f.path), ['build/chunks.ts', 'index.ts']);
});

test('a marker `*.ext` is any file of that extension: a .NET build script\'s build/build.csproj makes build/ source', (t) => {
  const root = tempDir();
  writeTree(root, { 'build/build.csproj': '<Project/>', 'build/Program.cs': 'class P {}', 'out/x.cs': '' });
  t.deepEqual(walkRepository(root, { packageMarkers: ['*.csproj'] }).files.map((f) => f.path), ['build/Program.cs', 'build/build.csproj']);
  t.deepEqual(reasons(root), { 'build': 'build-output-dir', 'out': 'build-output-dir' });
});

test('files over the size limit are skipped as too-large', (t) => {
  const root = tempDir();
  writeTree(root, { 'small.ts': 'x', 'big.ts': 'x'.repeat(2000) });
  const w = walkRepository(root, { maxFileBytes: 1000 });
  t.deepEqual(w.files.map((f) => f.path), ['small.ts']);
  t.deepEqual(w.skips, { 'too-large': 1 });
});

test('the walk is sorted and reports size and mtime', (t) => {
  const root = tempDir();
  writeTree(root, { 'b.ts': 'bb', 'a/z.ts': 'z', 'a.ts': 'aaa' });
  const files = walkRepository(root).files;
  t.deepEqual(files.map((f) => [f.path, f.size]), [['a/z.ts', 1], ['a.ts', 3], ['b.ts', 2]]);
  t.true(files.every((f) => f.mtimeMs > 0));
});

test('symbolic links: loops, links outside, duplicates and broken links are counted, never followed', (t) => {
  const base = tempDir();
  const root = path.join(base, 'repo');
  writeTree(root, { 'src/a.ts': 'export const a = 1;\n', 'src/deep/b.ts': '' });
  writeTree(base, { 'outside/secret.ts': 'export const s = 1;\n' });
  fs.symlinkSync('..', path.join(root, 'src/deep/up'));            // folder containing the link: loop
  fs.symlinkSync(root, path.join(root, 'self'));                   // the root itself: loop
  fs.symlinkSync('loop2', path.join(root, 'loop1'));               // ELOOP
  fs.symlinkSync('loop1', path.join(root, 'loop2'));
  fs.symlinkSync(path.join(base, 'outside'), path.join(root, 'ext'));         // folder outside
  fs.symlinkSync(path.join(base, 'outside/secret.ts'), path.join(root, 'ext.ts')); // file outside
  fs.symlinkSync('src', path.join(root, 'alias'));                 // folder inside: duplicate
  fs.symlinkSync('src/a.ts', path.join(root, 'a-link.ts'));        // file inside: duplicate
  fs.symlinkSync('nowhere.ts', path.join(root, 'broken.ts'));
  const w = walkRepository(root);
  t.deepEqual(w.files.map((f) => f.path), ['src/a.ts', 'src/deep/b.ts']);
  t.deepEqual(reasons(root), {
    'a-link.ts': 'symlink-duplicate', 'alias': 'symlink-duplicate', 'broken.ts': 'symlink-broken',
    'ext': 'symlink-outside', 'ext.ts': 'symlink-outside', 'loop1': 'symlink-loop', 'loop2': 'symlink-loop',
    'self': 'symlink-loop', 'src/deep/up': 'symlink-loop',
  });
});

test('a root reached through a symbolic link is walked by its real path', (t) => {
  const base = tempDir();
  writeTree(base, { 'real/a.ts': '' });
  fs.symlinkSync(path.join(base, 'real'), path.join(base, 'link'));
  const w = walkRepository(path.join(base, 'link'));
  t.is(w.root, path.join(base, 'real'));
  t.deepEqual(w.files.map((f) => f.path), ['a.ts']);
});

test('minified: by name, and by very long lines with a long average', (t) => {
  t.is(classifySource('lib/jquery.min.js', 'var a=1;'), 'minified');
  t.is(classifySource('lib/app-min.js', 'var a=1;'), 'minified');
  t.is(classifySource('lib/app.bundle.js', 'var a=1;'), 'minified');
  const packed = 'var a=function(){return 1};'.repeat(200);
  t.true(isMinified(packed));
  t.is(classifySource('lib/packed.js', packed), 'minified');
  // Ordinary code with one long string line among many short lines is not minified.
  const normal = Array.from({ length: 200 }, (_, i) => `export const v${i} = ${i};`).join('\n') + `\nconst s = "${'x'.repeat(1500)}";\n`;
  t.false(isMinified(normal));
  t.is(classifySource('src/normal.ts', normal), undefined);
  // A generated barrel: one long line listing names to re-export is not packed code (nor a long import list)
  const names = Array.from({ length: 200 }, (_, i) => `itemsReadItem${i}Data`).join(', ');
  const barrel = `// This file is auto-generated by @hey-api/openapi-ts\n\nexport { ItemsService } from './sdk.gen';\nexport type { ${names} } from './types.gen';\n`;
  t.false(isMinified(barrel));
  t.false(isMinified(`import {\n  a,\n} from 'x';\nimport { ${names} } from "./types.gen"\n`));
  // but a packed line that merely starts like one still is
  t.true(isMinified(`export { a } from './a';${'var a=function(){return 1};'.repeat(60)}\n`));
});

test('generated: a marker in the leading comment block only', (t) => {
  t.true(hasGeneratedHeader('// @generated by protoc\nexport const a = 1;\n'));
  t.true(hasGeneratedHeader('/* eslint-disable */\n/**\n * DO NOT EDIT: produced by codegen\n */\nexport {};\n'));
  t.true(hasGeneratedHeader('#!/usr/bin/env node\n// This file is auto-generated.\n'));
  t.false(hasGeneratedHeader("import x from 'y';\n// @generated\n"));
  t.false(hasGeneratedHeader("export const marker = '@generated';\n"));
  t.is(classifySource('src/gen.ts', '// Code generated by tool. DO NOT EDIT.\nexport const a = 1;\n'), undefined); // indexed, marked on its File node
  // parser and scanner generators' C output: Bison's first line; flex's under its `#line` and `#define` lines
  t.true(hasGeneratedHeader('/* A Bison parser, made by GNU Bison 3.8.2.  */\n\n/* Bison implementation */\nint yyparse(void);\n'));
  t.true(hasGeneratedHeader('#line 2 "src/lexer.c"\n\n#line 4 "src/lexer.c"\n\n#define  YY_INT_ALIGNED short int\n\n/* A lexical scanner generated by flex */\n'));
  // PHP's opening tag above the comment (protoc's PHP output)
  t.true(hasGeneratedHeader('<?php\n# Generated by the protocol buffer compiler.  DO NOT EDIT!\nnamespace Foo;\n'));
  // blank lines do not count, but the sixth comment line is past the leading block
  t.false(hasGeneratedHeader('// a\n// b\n// c\n// d\n// e\n// generated by hand\n'));
});

test('bundled: a trailing sourceMappingURL comment marks compiler output', (t) => {
  t.is(classifySource('lib/index.js', '"use strict";\nexports.a = 1;\n//# sourceMappingURL=index.js.map\n'), 'bundled');
  t.is(classifySource('src/index.ts', 'const url = "//# sourceMappingURL=x";\n'), undefined);
});
