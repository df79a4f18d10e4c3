/**
 * The real embedder: a sentence-embedding model run by @xenova/transformers (feature extraction, mean
 * pooling, L2-normalised). Models come from a local folder, the local model path or the transformers cache;
 * a download is tried only when allowed (CODEGRAPH_ALLOW_DOWNLOAD=1) and the model host answers quickly, so an
 * offline machine falls back at once instead of hanging.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Embedder, EmbedderSpec } from './types.ts';

/** The default sentence model (DESIGN.md §8). */
export const DEFAULT_MODEL = 'Xenova/all-MiniLM-L6-v2';

const requireFromHere = createRequire(import.meta.url);

type Transformers = typeof import('@xenova/transformers');
let transformersModule: Promise<Transformers> | undefined;
/** Loaded lazily: importing transformers (and onnxruntime) costs ~0.3 s that keyword-only paths never pay. */
function loadTransformers(): Promise<Transformers> {
  return (transformersModule ??= import('@xenova/transformers'));
}

/**
 * Transformers' model folders. Importing transformers (with onnxruntime) costs ~0.3–0.5 s, so before it is
 * loaded the paths are its defaults, computed as its env.js does (`<package>/models/`, `<package>/.cache/`);
 * once loaded, its live `env` (which loadNow changes).
 */
async function transformersPaths(): Promise<{ localModelPath?: string; cacheDir?: string | null }> {
  if (transformersModule) return (await transformersModule).env;
  let pkg: string;
  try { pkg = path.dirname(requireFromHere.resolve('@xenova/transformers/package.json')); } catch { return (await loadTransformers()).env; }
  return { localModelPath: path.join(pkg, '/models/'), cacheDir: path.join(pkg, '/.cache/') };
}

/** A folder holds a loadable model when it has a config, a tokenizer and an ONNX file. */
export function modelFolderInfo(folder: string): { quantized: boolean } | undefined {
  try {
    if (!statSync(folder).isDirectory()) return undefined;
  } catch { return undefined; }
  if (!existsSync(path.join(folder, 'config.json')) || !existsSync(path.join(folder, 'tokenizer.json'))) return undefined;
  if (existsSync(path.join(folder, 'onnx', 'model_quantized.onnx'))) return { quantized: true };
  if (existsSync(path.join(folder, 'onnx', 'model.onnx'))) return { quantized: false };
  return undefined;
}

/** Where a model id or folder can be found on this machine, without any network. */
export async function findLocalModel(choice: string): Promise<EmbedderSpec | undefined> {
  const candidates: string[] = [];
  const envDir = process.env.CODEGRAPH_MODEL_DIR;
  if (path.isAbsolute(choice) || choice.startsWith('.')) candidates.push(path.resolve(choice));
  else {
    if (envDir) candidates.push(path.resolve(envDir, choice));
    const env = await transformersPaths();
    if (env.localModelPath) candidates.push(path.resolve(env.localModelPath, choice));
    if (env.cacheDir) candidates.push(path.resolve(env.cacheDir, choice));
  }
  for (const folder of candidates) {
    const info = modelFolderInfo(folder);
    if (info) return { id: `transformers:${folder}`, kind: 'transformers', dim: 0, model: folder, quantized: info.quantized };
  }
  return undefined;
}

/** True when downloads are allowed and the model host resolves within a second and a half. */
export async function canDownload(): Promise<boolean> {
  if (process.env.CODEGRAPH_ALLOW_DOWNLOAD !== '1') return false;
  const { env } = await loadTransformers();
  let host: string;
  try { host = new URL(env.remoteHost).hostname; } catch { return false; }
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), 1500).unref());
  // node:dns is loaded here, not at import: every analyze imports this module, few ever ask to download
  const { lookup } = await import('node:dns/promises');
  return Promise.race([lookup(host).then(() => true, () => false), timeout]);
}

let loading: Promise<unknown> = Promise.resolve();

/**
 * Loads a transformers embedder for a spec (from findLocalModel, or a hub id when downloading). Loads run
 * one at a time: transformers reads its global `env` (model path, remote switch) while it loads.
 */
export function loadTransformersEmbedder(spec: EmbedderSpec, allowRemote = false): Promise<Embedder> {
  const next = loading.then(() => loadNow(spec, allowRemote));
  loading = next.catch(() => undefined);
  return next;
}

async function loadNow(spec: EmbedderSpec, allowRemote: boolean): Promise<Embedder> {
  const { pipeline, env } = await loadTransformers();
  const model = spec.model!;
  let modelId: string;
  if (path.isAbsolute(model)) {
    // A local folder: transformers resolves `<localModelPath>/<id>`, so point it at the parent.
    env.localModelPath = path.dirname(model) + path.sep;
    modelId = path.basename(model);
    env.allowLocalModels = true;
    env.allowRemoteModels = false;
    env.useFSCache = false;
  } else {
    modelId = model;
    env.allowRemoteModels = allowRemote;
    env.useFSCache = true;
  }
  const extractor = await pipeline('feature-extraction', modelId, { quantized: spec.quantized ?? true });
  const embed = async (texts: string[]): Promise<Float32Array[]> => {
    if (texts.length === 0) return [];
    const out = await extractor(texts, { pooling: 'mean', normalize: true });
    const [n, d] = out.dims as number[];
    const data = out.data as Float32Array;
    const rows: Float32Array[] = [];
    for (let i = 0; i < n; i++) rows.push(data.slice(i * d, (i + 1) * d));
    return rows;
  };
  const dim = spec.dim || (await embed(['dimension probe']))[0].length;
  return { id: spec.id, dim, kind: 'transformers', embed };
}
