import test from 'ava';
import { parseFeature } from './gherkin.ts';
import { isWriteQuery, runScenario } from './tck.ts';

const feature = `
Feature: Runner self-check

  Background:
    Given an empty graph
    And having executed:
      """
      CREATE (:A {num: 1})-[:T]->(:B {num: 2})
      """

  Scenario: [1] right
    When executing query:
      """
      MATCH (a)-[r]->(b) RETURN a, r, b.num AS n
      """
    Then the result should be, in any order:
      | a             | r    | n |
      | (:A {num: 1}) | [:T] | 2 |
    And no side effects

  Scenario: [2] wrong value
    When executing query:
      """
      MATCH (a)-[r]->(b) RETURN b.num AS n
      """
    Then the result should be, in any order:
      | n   |
      | 2.0 |

  Scenario Outline: [3] outline <q>
    When executing query:
      """
      RETURN <q> AS x
      """
    Then the result should be, in order:
      | x   |
      | <x> |

    Examples:
      | q       | x       |
      | 1 + 1   | 2       |
      | 'a\\|b' | 'a\\|b' |
      | [2, 1]  | [1, 2]  |

  Scenario: [4] expected error
    When executing query:
      """
      RETURN nosuch(1)
      """
    Then a SyntaxError should be raised at compile time: UnknownFunction

  Scenario: [5] wrong error detail
    When executing query:
      """
      RETURN nosuch(1)
      """
    Then a SyntaxError should be raised at compile time: UndefinedVariable

  Scenario: [6] write
    When executing query:
      """
      MATCH (n) SET n.x = 'CREATE' RETURN n
      """
    Then the result should be empty
`;

test('the runner passes right answers, fails wrong ones, expands outlines with backgrounds, skips writes', (t) => {
  const scenarios = parseFeature(feature, 'self.feature');
  t.deepEqual(scenarios.map((s) => s.name), ['[1] right', '[2] wrong value', '[3] outline 1 + 1', "[3] outline 'a|b'", '[3] outline [2, 1]', '[4] expected error', '[5] wrong error detail', '[6] write']);
  t.is(scenarios[0].steps[1].docString, 'CREATE (:A {num: 1})-[:T]->(:B {num: 2})');
  const status = scenarios.map((s) => runScenario(s).status);
  t.deepEqual(status, ['pass', 'fail', 'pass', 'pass', 'fail', 'pass', 'fail', 'skip']);
});

test('write detection works on tokens: strings, comments and property names do not count', (t) => {
  t.true(isWriteQuery('MATCH (n) DETACH DELETE n'));
  t.true(isWriteQuery('merge (n)'));
  t.false(isWriteQuery("MATCH (n) WHERE n.name = 'CREATE' RETURN n.set, n.delete // SET"));
});
