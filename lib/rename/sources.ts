/** Reads repository files through the snapshot host once per rename, with their line index and hash. */
import type { Snapshot } from '../../index-store/snapshot.ts';
import { LineIndex, sha256 } from './text.ts';

export interface Source {
  path: string;
  text: string;
  lines: LineIndex;
  /** sha256 of the text as read now. */
  hash: string;
  /** sha256 recorded at index time, when the file is indexed. */
  indexedHash?: string;
  /** True when the file is indexed and its current text is the indexed text. */
  current: boolean;
}

const BOM = '\uFEFF';

/** Builds a source; the host's reader drops a leading BOM, so an indexed hash may be of BOM + text. */
function makeSource(snapshot: Snapshot, path: string, text: string): Source {
  const hash = sha256(text);
  const indexedHash = snapshot.files.get(path)?.hash;
  const current = indexedHash !== undefined && (indexedHash === hash || (!text.startsWith(BOM) && indexedHash === sha256(BOM + text)));
  return { path, text, lines: new LineIndex(text), hash, indexedHash, current };
}

/** Per-request cache of file texts read through `snapshot.host` (no direct file system access). */
export class Sources {
  private readonly cache = new Map<string, Source | null>();
  constructor(private readonly snapshot: Snapshot) {}

  /** The file as it is now, or undefined when the host cannot read it. */
  get(path: string): Source | undefined {
    const hit = this.cache.get(path);
    if (hit !== undefined) return hit ?? undefined;
    const text = this.snapshot.host.readFile(path);
    if (text === undefined) { this.cache.set(path, null); return undefined; }
    const src = makeSource(this.snapshot, path, text);
    this.cache.set(path, src);
    return src;
  }

  /** The cached source, or a new one from a text the caller already read (text search reads many files). */
  adopt(path: string, text: string): Source {
    const hit = this.cache.get(path);
    if (hit) return hit;
    const src = makeSource(this.snapshot, path, text);
    this.cache.set(path, src);
    return src;
  }
}
