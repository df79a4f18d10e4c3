import { indexFolder } from './bench/nominal-sites.ts';
const { result } = indexFolder(process.argv[2]);
for (const r of result.refs.all) if (r.kind !== 'definition' || process.argv[3]) console.log(r.kind, `${r.filePath}:${r.line}:${r.column}`, r.target);
result.graph.forEachNode((k) => { if (k.includes('Tree')) console.log('node', k); });
