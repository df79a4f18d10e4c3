/**
 * Is an index current? Compares the working tree with the published snapshot using the same walk and skip
 * rules as analyze, without writing anything: which indexed files changed, which new files would be indexed,
 * which indexed files are gone, and which configuration files the resolver read have changed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CodegraphError } from '../errors.ts';
import { INDEX_DIR, SNAPSHOT_SCHEMA, indexDirOf, readFileTable, readMeta, readPointer } from '../../index-store/format.ts';
import { readInside } from '../../index-store/host.ts';
import { generationDefect } from '../../index-store/verify.ts';
import { headCommit } from '../../index-store/git.ts';
import { walkRepository } from '../files/walk.ts';
import { readSource, sha256 } from '../files/source.ts';
import { configListingOf } from './config-listing.ts';
import { classifySource } from '../files/skip-rules.ts';
import { EXTRACT_VERSION } from './pipeline.ts';
import { codeStamp } from './incremental.ts';
import { languageOf, PACKAGE_MARKERS } from '../lang/index.ts';

export interface IndexStatus {
  name: string;
  path: string;
  indexedAt: string;
  indexedCommit: string | null;
  currentCommit: string | null;
  /** True when analyze would find nothing to do. */
  upToDate: boolean;
  changed: string[];
  added: string[];
  deleted: string[];
  /** Configuration files (tsconfig, package.json, …) whose content differs from index time. */
  configChanged: string[];
  /** True when a configuration file appeared or vanished (a new tsconfig, package.json or pyproject.toml can change resolution). */
  configFilesAddedOrRemoved: boolean;
  /** Why a full rebuild is due regardless of files (other snapshot format, extractor version or build of codegraph). */
  rebuild?: string;
  /** Why the published snapshot cannot be served as it is (a file cut short, unreadable); `analyze` rewrites it. */
  broken?: string;
}

/** The indexed repository at or above `start`: its root and published generation folder. INDEX_MISSING if none. */
export function locateIndex(start: string): { root: string; dir: string } {
  let abs = path.resolve(start);
  if (!fs.existsSync(abs)) throw new CodegraphError('INVALID_PATH', `path does not exist: ${abs}`);
  abs = fs.realpathSync(abs);
  for (let dir = abs; ; dir = path.dirname(dir)) {
    const gen = readPointer(path.join(dir, INDEX_DIR));
    if (gen) return { root: dir, dir: path.join(dir, INDEX_DIR, gen) };
    if (path.dirname(dir) === dir) break;
  }
  throw new CodegraphError('INDEX_MISSING', `no codegraph index at or above ${abs}; run \`codegraph analyze\` first`);
}

/** Compares the repository at `root` (indexed, see locateIndex) with its snapshot. */
export function indexStatus(root: string, options: { maxFileBytes?: number } = {}): IndexStatus {
  const gen = readPointer(indexDirOf(root));
  if (!gen) throw new CodegraphError('INDEX_MISSING', `${root} is not indexed; run \`codegraph analyze ${root}\``);
  const dir = path.join(indexDirOf(root), gen);
  const broken = generationDefect(dir);
  let meta: ReturnType<typeof readMeta>, table: ReturnType<typeof readFileTable>;
  try {
    meta = readMeta(dir);
    table = readFileTable(dir);
  } catch (err) {
    // Too damaged to compare files with: say so; analyze writes it again.
    return {
      name: path.basename(root), path: root, indexedAt: '', indexedCommit: null, currentCommit: headCommit(root), upToDate: false,
      changed: [], added: [], deleted: [], configChanged: [], configFilesAddedOrRemoved: false,
      broken: broken ?? `the snapshot cannot be read (${(err as Error).message})`,
    };
  }
  const indexed = new Map(table.files.map((f) => [f.path, f]));
  const changed: string[] = [];
  const added: string[] = [];
  const seen = new Set<string>();
  const walked = walkRepository(root, { maxFileBytes: options.maxFileBytes, packageMarkers: PACKAGE_MARKERS }).files;
  const listing = configListingOf(walked.map((f) => f.path));
  const configFilesAddedOrRemoved = meta.configListing !== undefined && meta.configListing !== listing;
  for (const entry of walked) {
    if (!languageOf(entry.path)) continue;
    const rec = indexed.get(entry.path);
    if (rec) {
      seen.add(entry.path);
      if (rec.size === entry.size && rec.mtimeMs === entry.mtimeMs && entry.mtimeMs < Date.parse(meta.indexedAt) - 2000) continue;
      const read = readSource(path.join(root, entry.path));
      if (!read.ok || read.hash !== rec.hash) changed.push(entry.path);
      continue;
    }
    // A new file counts only if analyze would index it (not binary, minified, bundled, …).
    const read = readSource(path.join(root, entry.path));
    if (!read.ok || classifySource(entry.path, read.text)) continue;
    added.push(entry.path);
  }
  const deleted = [...indexed.keys()].filter((p) => !seen.has(p));
  const configChanged = Object.entries(meta.configFiles ?? {})
    .filter(([rel, hash]) => { const t = readInside(root, rel); return (t === undefined ? '' : sha256(t)) !== hash; })
    .map(([rel]) => rel);
  const rebuild = meta.schema !== SNAPSHOT_SCHEMA ? `snapshot format ${meta.schema} (this codegraph writes ${SNAPSHOT_SCHEMA})`
    : meta.extractVersion !== EXTRACT_VERSION ? `extractor version ${meta.extractVersion} (now ${EXTRACT_VERSION})`
    : meta.incremental?.stamp !== codeStamp() ? 'made by another build of codegraph (its resolver may differ)' : undefined;
  const status: IndexStatus = {
    name: meta.name, path: root, indexedAt: meta.indexedAt, indexedCommit: meta.commit, currentCommit: headCommit(root),
    upToDate: !broken && !rebuild && !configFilesAddedOrRemoved && changed.length + added.length + deleted.length + configChanged.length === 0,
    changed, added, deleted, configChanged, configFilesAddedOrRemoved,
  };
  if (rebuild) status.rebuild = rebuild;
  if (broken) status.broken = broken;
  return status;
}
