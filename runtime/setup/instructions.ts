/**
 * The agent-instructions section `codegraph setup` puts in a repository's AGENTS.md or CLAUDE.md: when to use
 * which tool. It sits between two markers so a later setup replaces it and nothing else in the file.
 */
import type { EditStatus } from './edit-config.ts';

const START = '<!-- codegraph:start -->';
const END = '<!-- codegraph:end -->';

/** The section, markers included. */
export function instructionsSection(): string {
  return [
    START,
    '## Code knowledge graph (codegraph)',
    '',
    'This repository is indexed by codegraph, available as the MCP server `codegraph`. For questions about the',
    'structure of the code, use its tools before searching files by hand:',
    '',
    '- **Where is X / how does Y work?** `query` with the concept in words (pass the text as `search_query` if your',
    '  client drops an argument named `query`), then `context` on the `uid` of a symbol it returns.',
    '- **Who calls, imports, extends or uses X; what does X call?** `context`.',
    '- **What breaks if I change X?** `impact` (upstream) before editing a function, class or type others use:',
    '  depth 1 will break, depth 2 is likely affected; check the risk level.',
    '- **Renaming:** `rename` with `dry_run: true` first, review the `text_search` edits, then `dry_run: false`.',
    '- **Before committing:** `detect_changes` lists the changed symbols, what depends on them and the risk.',
    '- **Anything else structural:** `cypher` (read-only openCypher over the graph).',
    '',
    'Answers are cut to a size budget with exact counts; when one says `truncated: true`, read on with the',
    '`offset` it gives. The server re-indexes saved files by itself, and a call made after a save waits for that',
    're-index: its answer is about the saved code. `codegraph status` tells whether the index is current, and',
    '`codegraph analyze` brings it up to date at once.',
    END,
  ].join('\n');
}

/** Puts the section into an instructions file's text: replaced between the markers, else appended. */
export function mergeInstructions(text: string | undefined): { text: string; status: EditStatus } {
  const section = instructionsSection();
  if (text === undefined || text.trim() === '') return { text: `${section}\n`, status: 'created' };
  const start = text.indexOf(START);
  const end = text.indexOf(END, start);
  if (start >= 0 && end > start) {
    const next = text.slice(0, start) + section + text.slice(end + END.length);
    return next === text ? { text, status: 'unchanged' } : { text: next, status: 'updated' };
  }
  return { text: `${text.replace(/\s*$/, '')}\n\n${section}\n`, status: 'added' };
}
