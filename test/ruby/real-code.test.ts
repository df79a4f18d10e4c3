/**
 * Ruby on real code: kramdown 2.4.0 as Debian's ruby-kramdown 2.4.0-2 ships it (bench/ruby-corpora.ts: `apt-get
 * download`, unpacked once into the temporary folder), indexed by the real pipeline, and its call graph against
 * what runs (bench/ruby-callgraph-diff.ts: Debian's `ruby` traces a driver converting this repository's Markdown
 * documents with every converter). kramdown is the tune half; the held-out figures (rouge) are in docs/benchmarks.md.
 */
import test from 'ava';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { readGraphData } from '../../index-store/format.ts';
import { tempDir } from '../analyze/_helpers.ts';
import { rubyCorpus } from '../../bench/ruby-corpora.ts';
import { measure } from '../../bench/ruby-callgraph-diff.ts';
import path from 'node:path';

const K = 'lib/kramdown';

test('kramdown: structure, heritage, mixins and calls of a real gem', async (t) => {
  const { root } = rubyCorpus('kramdown');
  const r = await analyzeRepository(root, { home: path.join(tempDir('cg-rb-real-'), 'home') });
  const g = readGraphData(r.dir);
  const files = g.nodes.filter((n) => n.label === 'File' && n.language === 'ruby');
  t.is(files.length, 55);
  const edge = (type: string, source: string, target: string) => g.edges.some((e) => e.type === type && e.source === source && e.target === target);
  t.true(edge('EXTENDS', `Class:${K}/converter/html.rb:Kramdown.Converter.Html`, `Class:${K}/converter/base.rb:Kramdown.Converter.Base`));
  t.true(edge('EXTENDS', `Class:${K}/parser/kramdown.rb:Kramdown.Parser.Kramdown`, `Class:${K}/parser/base.rb:Kramdown.Parser.Base`));
  // `include ::Kramdown` inside Kramdown::Parser::Kramdown: the top-level module, not the class itself
  t.true(g.edges.some((e) => e.type === 'IMPLEMENTS' && e.source === `Class:${K}/parser/kramdown.rb:Kramdown.Parser.Kramdown` && e.target.startsWith('Class:lib/kramdown') && e.target.endsWith(':Kramdown')));
  // Kramdown::Document#initialize: `Options.merge(options)` is a singleton method of the Options module
  t.true(edge('CALLS', `Method:${K}/document.rb:Kramdown.Document.initialize`, `Method:${K}/options.rb:Kramdown.Options.merge`));
  t.true(edge('IMPORTS', `File:lib/kramdown.rb`, `File:${K}/document.rb`));
});

test('kramdown: call graph against what runs (tune half): precision and recall floors', (t) => {
  const m = measure('kramdown');
  t.log(`all edges: precision ${(100 * m.all.precision).toFixed(1)}%, recall ${(100 * m.all.recall).toFixed(1)}% over ${m.oracle} pairs`);
  t.true(m.oracle > 900, 'the driver runs most of kramdown');
  t.true(m.all.precision >= 0.93);
  t.true(m.all.recall >= 0.65);
  t.true(m.firm.precision >= 0.94);
});
