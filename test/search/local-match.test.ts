import test from 'ava';
import { LocalMatcher, MAX_SPAN_LINES, PAIR_REACH, spanReader } from '../../lib/search/local-match.ts';
import { queryTerms } from '../../lib/search/query-terms.ts';
import { appFiles, appGraph } from './fixture-graph.ts';

/** Local scores of texts (one a row) for a query, every word weighing the same. */
function scoresOf(query: string, texts: Array<string | undefined>, m = new LocalMatcher()) {
  return m.scores(query, queryTerms(query), () => 1, texts.map((_, i) => i), (row) => texts[row]);
}

test('words of the query on one line score above the same words spread over the span', (t) => {
  const together = "if (props.native) warn('props override native properties')\nreturn value\nlet unrelated = other";
  const apart = 'const props = read()\nlet a = 1\nlet b = 2\nlet c = 3\nlet d = 4\nlet e = 5\nlet f = 6\nconst override = native\nlet g = 7\nreturn properties';
  const [a, b] = scoresOf('warn when props override native properties', [together, apart]);
  // Every query word (warn, prop, overrid, nativ, property) is in the first span's first line.
  t.is(a.line, 1);
  t.is(a.window, 1);
  t.is(a.pair, 1);
  t.true(b.line < a.line && b.window < a.window && b.pair < a.pair);
  t.true(b.line > 0, 'override and native share a line');
});

test('a pair counts when its words are at most PAIR_REACH words apart, in either order', (t) => {
  const gap = (k: number): string => Array.from({ length: k }, (_, i) => `filler${'abcdefghij'[i]}`).join(' ');
  const [near, far, reversed] = scoresOf('status text', [`status ${gap(PAIR_REACH - 1)} text`, `status ${gap(PAIR_REACH + 3)} text`, `text ${gap(1)} status`]);
  t.is(near.pair, 1);
  t.is(far.pair, 0);
  t.is(reversed.pair, 1);
  // Written as one identifier, the words are neighbours too.
  t.is(scoresOf('status text', ['this.statusText = res.statusText'])[0].pair, 1);
});

test('no source, no query word in the span, or no searchable word: zeros', (t) => {
  const zero = { pair: 0, window: 0, line: 0 };
  const [missing, unrelated] = scoresOf('parse the date', [undefined, 'return a + b']);
  t.deepEqual(missing, zero);
  t.deepEqual(unrelated, zero);
  t.deepEqual(scoresOf('the of and', ['the of and'])[0], zero);
});

test('scores do not depend on what the matcher read before (cache and dictionary)', (t) => {
  const texts = ['parse a date string', 'format the date for display', 'unrelated words here'];
  const fresh = scoresOf('parse date', texts);
  const m = new LocalMatcher();
  // Many other spans first: the row cache turns over and the dictionary grows.
  const many = Array.from({ length: 5000 }, (_, i) => `word${i} date other${i}`);
  m.scores('date', queryTerms('date'), () => 1, many.map((_, i) => i), (row) => many[row]);
  t.deepEqual(m.scores('parse date', queryTerms('parse date'), () => 1, [0, 1, 2], (row) => texts[row]), fresh);
  t.true(fresh[0].pair === 1 && fresh[1].pair === 0);
});

test('spanReader gives a symbol\'s doc, one sentence a line, then its lines; undefined for what it cannot read', (t) => {
  const files = appFiles();
  const graph = appGraph(files);
  let reads = 0;
  const read = spanReader(graph, (p) => { reads++; return files[p]; });
  const uid = [...graph.nodes()].find((u) => graph.getNodeAttributes(u).name === 'handleLogin')!;
  const text = read(uid)!;
  const lines = text.split('\n');
  t.is(lines[0], 'Handles a login request: verifies credentials and opens a session.');
  t.true(lines[1].startsWith('export async function handleLogin('));
  t.true(lines.some((l) => l.includes("'bad credentials'")));
  // The file is read once for every symbol of it.
  const other = [...graph.nodes()].find((u) => graph.getNodeAttributes(u).name === 'verifyPassword')!;
  t.true(read(other)!.startsWith('Checks a user'));
  t.is(reads, 1);
  t.is(read('Function:nowhere.ts:missing'), undefined);
  const unreadable = spanReader(graph, () => { throw new Error('gone'); });
  t.is(unreadable(uid), undefined);
});

test('a span is read to MAX_SPAN_LINES lines at most', (t) => {
  const long = Array.from({ length: MAX_SPAN_LINES + 50 }, (_, i) => (i === MAX_SPAN_LINES + 10 ? 'needle haystack' : `line${i}`)).join('\n');
  t.is(scoresOf('needle haystack', [long])[0].window, 0);
  t.is(scoresOf('needle haystack', [long.split('\n').slice(20).join('\n')])[0].window, 1);
});
