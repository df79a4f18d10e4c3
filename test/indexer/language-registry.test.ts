/**
 * The language registry (lib/lang/index.ts): a file's language by its name, each language's rules (the test-file
 * rule the tools share, name rules), and the collector's role registration.
 */
import test from 'ava';
import { isTestFile, language, languageOf, LANGUAGE_IDS, rulesOf } from '../../lib/lang/index.ts';
import { isTestPath } from '../../lib/util/paths.ts';
import { isTestFile as isTestForTools } from '../../lib/symbols/test-files.ts';
import { registerRoles } from '../../lib/extract/plugin.ts';

test('a file\'s language is the one whose longest file ending it has; other files have none', (t) => {
  t.is(languageOf('src/a.ts'), 'typescript');
  t.is(languageOf('types/x.d.ts'), 'typescript');
  t.is(languageOf('lib/m.mjs'), 'javascript');
  t.is(languageOf('ui/App.tsx'), 'tsx');
  t.is(languageOf('README.md'), undefined);
  t.is(languageOf('Makefile'), undefined);
  for (const id of LANGUAGE_IDS) t.is(language(id).id, id);
  t.throws(() => language('cobol'), { message: /no language "cobol"/ });
});

test('a .h header is C unless its text is C++ (a class, a namespace, a template, std:: names, a C++ include)', (t) => {
  t.is(languageOf('include/x.h'), 'c');
  const c = ['#ifndef X_H\n#define X_H\n#ifdef __cplusplus\nextern "C" {\n#endif\nint f(int);\nstruct point { int x, y; };\n#ifdef __cplusplus\n}\n#endif\n#endif\n',
    '/*\n * class of errors (a comment)\n */\ntypedef struct node node;\nstatic inline int g(void) { return 0; }\n', '',
    '/* see Parser::parse in the C++ binding */\n// and Tree::edit\nint h(void);\n', '/// like Rust\'s `std::slice::binary_search_by`\nint search(void);\n'];
  for (const text of c) t.is(languageOf('include/x.h', text), 'c', text);
  const cpp = ['class Tree final : public Base {\n public:\n  int f();\n};\n', 'namespace a {\nint f();\n}\n', 'template <typename T>\nT id(T x);\n',
    '#include <vector>\nint f();\n', '#include "tree.hpp"\n', 'int f(const std::string &s);\n', 'struct S {\n  virtual ~S();\n};\n', 'using namespace std;\n',
    '#include <napi.h>\nNapi::Value cache(const Napi::CallbackInfo& info);\n'];
  for (const text of cpp) t.is(languageOf('include/x.h', text), 'cpp', text);
  // the text decides only where the ending is shared
  t.is(languageOf('src/a.c', 'class X {};'), 'c');
  t.is(languageOf('src/a.hpp', 'int f(void);'), 'cpp');
});

test('one test-file rule per language, asked by module detection, flows and the tools alike', (t) => {
  const tests = ['src/__tests__/a.ts', 'test/unit/b.js', 'e2e/login.tsx', 'src/a.test.ts', 'src/a.spec.jsx', 'src/a-e2e.mjs', 'pkg/__fixtures__/x.ts', 'Specs/y.ts', 'src/ref.test-d.ts', 'src/a.spec-d.tsx'];
  const code = ['src/a.ts', 'src/testing.ts', 'src/latest/x.ts', 'lib/contest.js', 'src/latest-d.ts', 'src/contest-d.ts'];
  for (const p of tests) {
    t.true(isTestFile(p), p);
    t.true(isTestPath(p), p);
    t.true(isTestForTools(p), p);
  }
  for (const p of code) {
    t.false(isTestFile(p), p);
    t.false(isTestPath(p), p);
    t.false(isTestForTools(p), p);
  }
  // a file no language takes is no test file (test/data.json is data)
  t.false(isTestFile('test/data.json'));
  t.false(isTestFile(undefined));
  t.is(rulesOf('typescript')!.isTestFile('x.spec.ts'), true);
});

test('a JVM source set, a Swift target\'s Sources/ and a PHP package\'s src/ decide over a file\'s name; C# test names are matched as written', (t) => {
  const tests = ['src/test/kotlin/p/Parser.kt', 'core/src/jvmTest/kotlin/p/A.kt', 'src/androidUnitTest/java/p/B.java', 'src/testFixtures/java/p/C.java',
    'FooSpec.kt', 'lib/FooTest.java', 'app/src/integrationTest/kotlin/p/D.kt', 'Tests/AppTests/ParserTests.swift', 'ParserTests.swift',
    'MyApp.Tests/ParserTests.cs', 'tests/Parser.cs', 'src/ParserTests.cs', 'tests/Unit/ParserTest.php', 'src/Symfony/Component/Yaml/Tests/ParserTest.php',
    'ParserTest.php'];
  // main code named like a test: kotlinpoet's specs, JUnit's own TestCase, a speed test feature
  const code = ['kotlinpoet/src/commonMain/kotlin/p/AnnotationSpec.kt', 'src/main/kotlin/p/TypeSpec.kt', 'src/main/java/junit/framework/TestCase.java',
    'src/jvmMain/kotlin/p/LoadTest.kt', 'Sources/App/SpeedTest.swift', 'src/Latest.cs', 'src/Contest.cs',
    'src/Framework/TestCase.php', 'src/Illuminate/Foundation/Testing/TestCase.php'];
  for (const p of tests) t.true(isTestFile(p), p);
  for (const p of code) t.false(isTestFile(p), p);
});

test('rename\'s name rules come from the language: TypeScript refuses its predefined type names for types', (t) => {
  t.true(rulesOf('typescript')!.names.reservedTypeNames.has('string'));
  t.false(rulesOf('javascript')!.names.reservedTypeNames.has('string'));
  t.true(rulesOf('javascript')!.names.reservedBindings.has('class'));
});

test('a language\'s own roles take numbers after the common ones; a name already taken is refused', (t) => {
  const r = registerRoles({ 'test.registry.role': { match() {} } });
  t.true(r['test.registry.role'] > 100);
  t.throws(() => registerRoles({ 'test.registry.role': {} }), { message: /registered already/ });
  t.throws(() => registerRoles({ 'def.function': {} }), { message: /registered already/ });
  t.throws(() => registerRoles({ 'assign.member': {} }), { message: /registered already/ }, 'ECMAScript\'s own roles are registered');
});
