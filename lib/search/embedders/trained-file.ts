/**
 * Where the shipped code-search model lives and how it is read: `lib/search/model/code-search-nbow.bin` in a
 * source checkout, copied beside the bundles in `dist/` by build.mjs. Read once per process.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { nbowFromBuffer, type NbowModel } from './trained.ts';

export const MODEL_FILE_NAME = 'code-search-nbow.bin';
/** The model file of a source checkout (what bench/search-model/train.ts writes). */
export const DEFAULT_MODEL_FILE = fileURLToPath(new URL(`../model/${MODEL_FILE_NAME}`, import.meta.url));

/** Candidate places of the model file: beside the running bundle (dist/), then the source tree. */
function candidates(): string[] {
  return [fileURLToPath(new URL(`./${MODEL_FILE_NAME}`, import.meta.url)), DEFAULT_MODEL_FILE];
}

let cached: NbowModel | undefined;

/** The shipped model; throws when its file is missing or damaged (the caller falls back and says so). */
export function shippedModel(): NbowModel {
  if (cached) return cached;
  const file = candidates().find((f) => fs.existsSync(f));
  if (!file) throw new Error(`the code-search model file ${MODEL_FILE_NAME} is not installed`);
  cached = nbowFromBuffer(fs.readFileSync(file));
  return cached;
}
