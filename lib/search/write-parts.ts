/**
 * Writing a file from slices: what a build takes over from the previous generation is written straight from that
 * generation's bytes (one slice per run of unchanged rows) beside the bytes made now, without joining them first.
 */
import { closeSync, openSync, writeSync, writevSync } from 'node:fs';

/** Most slices one writev takes (Linux's IOV_MAX). */
const MAX_SLICES = 1024;

/** Writes `parts` back to back into `file` (created, or replaced). */
export function writeParts(file: string, parts: readonly Uint8Array[]): void {
  const fd = openSync(file, 'w');
  try {
    let left = parts.filter((p) => p.length > 0);
    while (left.length > 0) {
      // writev may write less than asked: go on from where it stopped.
      let done = writevSync(fd, left.length > MAX_SLICES ? left.slice(0, MAX_SLICES) : left);
      let k = 0;
      while (k < left.length && done >= left[k].length) done -= left[k++].length;
      left = left.slice(k);
      if (done > 0) left[0] = left[0].subarray(done);
    }
  } finally { closeSync(fd); }
}

/**
 * Writes into `file` (created, or replaced) the bytes `produce` hands its sink, in order, each written before the sink
 * returns: so the producer may reuse its buffer, and the file's bytes never all sit in memory at once.
 */
export function writeStreamed(file: string, produce: (sink: (bytes: Uint8Array) => void) => void): void {
  const fd = openSync(file, 'w');
  try {
    produce((bytes) => {
      // writeSync may write less than asked: go on from where it stopped.
      for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
    });
  } finally { closeSync(fd); }
}
