/**
 * What the built-in embedders cost on a real repository, in CPU time of this process: reading the shipped
 * code-search model, learning the repository's co-occurrence model, and embedding every symbol with each
 * (best of three runs after a warm-up), per symbol.
 *   node --import tsx bench/search-model/cost.ts [--repo knex/knex]   (a repository of the localization set)
 */
import { buildDocuments } from '../../lib/search/documents.ts';
import { documentTerms, embedTerms, learnCooccurrence } from '../../lib/search/embedders/cooccurrence.ts';
import { embedFields, nbowFromBuffer } from '../../lib/search/embedders/trained.ts';
import { DEFAULT_MODEL_FILE } from '../../lib/search/embedders/trained-file.ts';
import { HISTORY_REPOS } from '../search-history/repos.ts';
import { DEFAULT_MIRROR } from '../search-history/mine.ts';
import { snapshotOf } from '../search-history/eval.ts';
import fs from 'node:fs';

const i = process.argv.indexOf('--repo');
const repo = HISTORY_REPOS.find((r) => r.repo === (i > 0 ? process.argv[i + 1] : 'knex/knex'));
if (!repo) throw new Error('unknown repository: pick one of bench/search-history/repos.ts');
const s = await snapshotOf(repo, DEFAULT_MIRROR);
const docs = buildDocuments(s.graph, (p) => s.host.readFile(p));
const cpu = (): number => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const best = (fn: () => void): number => { fn(); const t: number[] = []; for (let k = 0; k < 3; k++) { const c = cpu(); fn(); t.push(cpu() - c); } return Math.min(...t); };

const bytes = fs.readFileSync(DEFAULT_MODEL_FILE);
const load = best(() => nbowFromBuffer(bytes));
const nbow = nbowFromBuffer(bytes);
const trained = best(() => { for (const d of docs) embedFields(nbow, d.fields); });
let cooc = learnCooccurrence(docs);
const learn = best(() => { cooc = learnCooccurrence(docs); });
const learned = best(() => { for (const d of docs) embedTerms(cooc, documentTerms(d.fields)); });
const per = (ms: number): string => `${((ms / docs.length) * 1000).toFixed(1)} µs/symbol`;
console.log(`${repo.repo}: ${docs.length} symbols`);
console.log(`shipped model: read ${load.toFixed(1)} ms; embedding ${trained.toFixed(1)} ms (${per(trained)})`);
console.log(`learned model: learning ${learn.toFixed(1)} ms (${per(learn)}); embedding ${learned.toFixed(1)} ms (${per(learned)})`);
