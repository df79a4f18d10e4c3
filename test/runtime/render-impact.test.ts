/** The readable `impact` rendering says of each flow what its fields mean: the earliest step hit and the nearest depth. */
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
