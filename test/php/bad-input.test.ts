/**
 * Bad PHP input: each case is a clear skip or an indexed file with its errors counted, never a crash or a
 * half-written snapshot; the good files beside it are indexed whole.
 */
import test from 'ava';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { readGraphData } from '../../index-store/format.ts';
import { extractFile } from '../../lib/lang/index.ts';
import { tempRepo } from '../analyze/_helpers.ts';

test('bad input: syntax errors, HTML only, no namespace, a heritage and trait cycle, broken composer.json, non-UTF-8 and binary .php files', async (t) => {
  const { root, home } = tempRepo({
    'composer.json': '{ "autoload": { "psr-4": { "A\\\\": "src/" ',
    'src/Good.php': '<?php\nnamespace A;\n\nclass Good\n{\n    public function goodOne(): int { return $this->helper(); }\n    private function helper(): int { return 1; }\n}\n',
    // a syntax error in the middle: what the parser recovers around it is indexed
    'src/Broken.php': '<?php\nnamespace A;\nclass Broken\n{\n    function before() { return $this->after(); }\n    function oops( { }\n    function after() { return 2; }\n}\n',
    // no `<?php` at all: a template of text only
    'views/page.php': '<html><body>Hello</body></html>\n',
    // no namespace: the global one; a short echo tag
    'loose.php': '<?php function loose() { loose(); } ?>\n<p><?= loose() ?></p>\n',
    // a heritage cycle and traits using each other (PHP refuses both; the index must not loop)
    'src/Cycle.php': '<?php\nnamespace C;\nclass A extends B { function m() { $this->n(); } }\nclass B extends A { function n() { $this->m(); $this->missing(); } }\ntrait T { use U; }\ntrait U { use T; }\nclass K { use T; function k() { $this->k(); $this->none(); } }\n',
    'src/Latin1.php': new Uint8Array([0x3c, 0x3f, 0x70, 0x68, 0x70, 0x20, 0x2f, 0x2f, 0x20, 0xe9, 0x74, 0xe9, 0x0a, 0x63, 0x6c, 0x61, 0x73, 0x73, 0x20, 0x58, 0x20, 0x7b, 0x7d, 0x0a]),
    'src/Blob.php': new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]),
  });
  const r = await analyzeRepository(root, { home });
  // composer.json is read for its autoload map, not indexed as source
  t.deepEqual(r.summary.skips, { binary: 1, 'invalid-utf8': 1, 'unsupported-language': 1 });
  const g = readGraphData(r.dir);
  const node = (uid: string) => g.nodes.find((n) => n.uid === uid);
  const calls = (from: string, to: string) => g.edges.some((e) => e.type === 'CALLS' && e.source === from && e.target === to);
  t.true(calls('Method:src/Good.php:Good.goodOne', 'Method:src/Good.php:Good.helper'));
  t.is(node('File:src/Good.php')?.language, 'php');
  t.true((node('File:src/Broken.php')?.parseErrors as number) > 0);
  t.true(calls('Method:src/Broken.php:Broken.before', 'Method:src/Broken.php:Broken.after'));
  t.truthy(node('File:views/page.php'));
  t.true(calls('Function:loose.php:loose', 'Function:loose.php:loose'));
  t.true(calls('File:loose.php', 'Function:loose.php:loose'));
  t.true(calls('Method:src/Cycle.php:A.m', 'Method:src/Cycle.php:B.n'));
  t.true(calls('Method:src/Cycle.php:B.n', 'Method:src/Cycle.php:A.m'));
  t.true(calls('Method:src/Cycle.php:K.k', 'Method:src/Cycle.php:K.k'));
  const again = await analyzeRepository(root, { home });
  t.true(again.summary.upToDate);
  t.deepEqual(again.summary.skips, r.summary.skips);
});

test('bad input: the extractor never throws on damaged PHP (truncated at every 5th character of a real file)', (t) => {
  const text = '<?php\ndeclare(strict_types=1);\nnamespace N\\M;\n\nuse A\\{B, C as D};\nuse function F\\g;\n\n#[Attr(\'x\')]\nfinal class R extends Base implements I, \\Countable\n{\n    use T { T::a insteadof U; }\n    public const X = 1;\n    public function __construct(private readonly ?B $b = null, int ...$rest) { parent::__construct(); }\n    public static function make(): static { return new static(); }\n    public function count(): int { return match (true) { $this->b?->ok() => 1, default => fn ($x) => $x }; }\n}\n?>\n<div><?= R::make()->count() ?></div>\n';
  for (let n = 0; n <= text.length; n += 5) {
    t.notThrows(() => extractFile('N/R.php', text.slice(0, n), 'php'), `prefix of ${n} characters`);
  }
});
