/** The readable `impact`, `context` and `query` renderings say what their places and steps are: sites, symbols reached, first steps, nearest depths, each result's own symbols. */
import test from 'ava';
import { renderImpact } from '../../runtime/render/impact.ts';
import { PLAIN } from '../../runtime/render/style.ts';

test('a flow entered before the target names that step, then the target; a flow hit only by callers gives its nearest depth', (t) => {
  const text = renderImpact({
    target: { uid: 'Method:sql.py:TokenList.token_next_by', name: 'token_next_by', type: 'Method', filePath: 'sql.py', line: 268 },
    direction: 'upstream', maxDepth: 3, risk: 'LOW', riskReason: 'r', impactedCount: 1,
    byDepth: { 1: [{ uid: 'Method:sql.py:Identifier.get_ordering', name: 'get_ordering', type: 'Method', filePath: 'sql.py', line: 463, relationType: 'CALLS', confidence: 0.95 }] },
    summary: { direct: 1, processes_affected: 3, modules_affected: 0 },
    affected_processes: [
      { uid: 'Process:a', name: 'Identifier.get_ordering → imt', steps: 3, step: 1, symbol: 'get_ordering', depth: 0, hits: 2 },
      { uid: 'Process:b', name: 'TokenList.token_next_by → imt', steps: 2, step: 1, symbol: 'token_next_by', depth: 0, hits: 1 },
      { uid: 'Process:c', name: 'TokenList.get_parent_name → TokenList.token_next', steps: 3, step: 1, symbol: 'get_parent_name', depth: 2, hits: 1 },
    ],
    affected_modules: [],
  }, { style: PLAIN });
  t.regex(text, /Identifier\.get_ordering → imt +step 1\/3 get_ordering, then the target\n/);
  t.regex(text, /TokenList\.token_next_by → imt +step 1\/2 token_next_by \(the target\)\n/);
  t.regex(text, /step 1\/3 get_parent_name · nearest at depth 2/);
  t.notRegex(text, /get_ordering \(the target\)/);
});

test("context's outgoing rows place the symbol reached, with the line it is reached from; incoming rows the site", async (t) => {
  const { renderContext } = await import('../../runtime/render/context.ts');
  const text = renderContext({
    status: 'found',
    symbol: { uid: 'Function:lib/application.js:respond', name: 'respond', type: 'Function', filePath: 'lib/application.js', line: 268, endLine: 337 },
    incoming: { calls: [{ uid: 'Function:lib/application.js:handleResponse', name: 'handleResponse', type: 'Function', filePath: 'lib/application.js', line: 200, siteLine: 202, confidence: 1 }] },
    outgoing: { calls: [{ uid: 'Function:lib/is-stream.js:default', name: 'default', type: 'Function', filePath: 'lib/is-stream.js', line: 7, siteLine: 323, confidence: 0.9 }] },
  }, { style: PLAIN });
  t.regex(text, /handleResponse +Function +lib\/application\.js:202\n/);
  t.regex(text, /default +Function +lib\/is-stream\.js:7 +confidence \.90, from line 323/);
  t.notRegex(text, /is-stream\.js:323/);
});

test("query's results list their own symbols, also when two results share a name", async (t) => {
  const { renderQuery } = await import('../../runtime/render/query.ts');
  const sym = (uid: string, line: number) => ({ uid, name: 'status', type: 'Method', filePath: 'lib/response.js', line, module: 'm', process: 'status', process_uid: uid, step: 1, matched: true, relevance: 0.5 });
  const text = renderQuery({
    processes: [
      { name: 'status', relevance: 0.66, steps: 1, module: 'm', uid: 'Method:lib/response.js:status#2', kind: 'symbol', symbol_count: 1 },
      { name: 'status', relevance: 0.57, steps: 1, module: 'm', uid: 'Method:lib/response.js:status', kind: 'symbol', symbol_count: 1 },
    ],
    process_symbols: [sym('Method:lib/response.js:status#2', 84), sym('Method:lib/response.js:status', 73)],
    definitions: [],
  }, { style: PLAIN }, 'status');
  t.regex(text, /1\. status[^\n]*\n +1 +status +Method +lib\/response\.js:84 +● match\n\n2\. status[^\n]*\n +1 +status +Method +lib\/response\.js:73 +● match/);
});
