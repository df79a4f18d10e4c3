/**
 * The language registry: every language the indexer knows (one folder each, `lib/lang/<id>/`), and the engine's
 * entry points bound to them. The engines (lib/extract, lib/resolve) name no language: they are handed a language's
 * spec or rules, and this module is where a file's language is chosen by its name and its spec and rules looked up.
 * To add a language: write its folder (docs/indexing.md, "How to add a language") and list it in LANGUAGES.
 */
import type { FileFacts } from '../extract/facts.ts';
import { extractWith, FACTS_REVISION } from '../extract/index.ts';
import {
  bareParser as bareParserOf, languageQueryKey as queryKeyOf, languageRuntime as runtimeOf, languageSource as sourceOf,
  queryFingerprint as fingerprintOf,
} from '../extract/runtime.ts';
import type { LanguageRuntime } from '../extract/language.ts';
import type { ProjectConfig, ReadText, ResolveRules } from '../resolve/rules.ts';
import type ParserT from 'tree-sitter';
import { c } from './c/index.ts';
import { cpp } from './cpp/index.ts';
import { rust } from './rust/index.ts';
import { swift } from './swift/index.ts';
import { javascript } from './javascript/index.ts';
import { tsx, typescript } from './typescript/index.ts';
import { python } from './python/index.ts';
import { go } from './go/index.ts';
import { java } from './java/index.ts';
import { kotlin } from './kotlin/index.ts';
import { csharp } from './csharp/index.ts';
import { php } from './php/index.ts';
import { ruby } from './ruby/index.ts';
import type { Language, LanguageRules } from './types.ts';

export type { Language, LanguageRules };

/** Every language, in a fixed order (runtimes, fingerprints and caches follow it). */
export const LANGUAGES: readonly Language[] = [typescript, tsx, javascript, python, c, cpp, rust, go, java, kotlin, csharp, php, ruby, ...(swift ? [swift] : [])];

/** Every language's source package markers (Language.packageMarkers), for the repository walk. */
export const PACKAGE_MARKERS: readonly string[] = [...new Set(LANGUAGES.flatMap((l) => l.packageMarkers ?? []))].sort();

const CONFIG_FILES = [...new Set(LANGUAGES.flatMap((l) => l.configFiles ?? []))];
const CONFIG_NAMES = new Set(CONFIG_FILES.filter((n) => !n.startsWith('*')));
const CONFIG_ENDINGS = CONFIG_FILES.filter((n) => n.startsWith('*')).map((n) => n.slice(1));

/** True for a file some language's configuration loader reads (Language.configFiles), by its name. */
export function isConfigPath(relPath: string): boolean {
  const name = relPath.slice(relPath.lastIndexOf('/') + 1);
  return CONFIG_NAMES.has(name) || CONFIG_ENDINGS.some((e) => name.endsWith(e));
}

/** A language's id: what files and symbols carry as `language`. */
export type LanguageId = string;

/** Every LanguageId, in LANGUAGES order. */
export const LANGUAGE_IDS: readonly LanguageId[] = LANGUAGES.map((l) => l.id);

const byId = new Map<string, Language>(LANGUAGES.map((l) => [l.id, l]));

/** File name endings, longest first (so `.d.ts` would win over `.ts`), each with its language; `/Rakefile` is a whole name. */
const ENDINGS: ReadonlyArray<[ending: string, language: Language]> = LANGUAGES
  .flatMap((l) => l.extensions.map((e) => [e, l] as [string, Language]))
  .sort((a, b) => b[0].length - a[0].length);

/** Languages that claim endings other languages take by default (Language.claims). */
const CLAIMS: ReadonlyArray<[ending: string, language: Language]> = LANGUAGES
  .flatMap((l) => (l.claims?.extensions ?? []).map((e) => [e, l] as [string, Language]));

/**
 * Language of a file by its name, or undefined when no language takes it; given its text, also by what the text
 * says where an ending is shared (a `.h` header written in C++ is C++).
 */
export function languageOf(filePath: string, text?: string): LanguageId | undefined {
  if (text !== undefined) for (const [ending, l] of CLAIMS) if (filePath.endsWith(ending) && l.claims!.test(text)) return l.id;
  for (const [ending, l] of ENDINGS) if (filePath.endsWith(ending) || (ending[0] === '/' && filePath === ending.slice(1))) return l.id;
  return undefined;
}

/** The language of an id; throws for an id no language has (a bug, or facts of another version). */
export function language(id: LanguageId): Language {
  const l = byId.get(id);
  if (!l) throw new Error(`codegraph: no language ${JSON.stringify(id)}`);
  return l;
}

/** The rules of a language id, if it is one. */
export function rulesOf(id: string | undefined): LanguageRules | undefined {
  return id === undefined ? undefined : byId.get(id)?.rules;
}

/**
 * Version of the FileFacts the extractor produces: the engine's revision and the query files' fingerprint. The
 * pipeline drops cached facts made by another version.
 */
export const EXTRACT_VERSION = `${FACTS_REVISION}-${fingerprintOf(LANGUAGES)}`;

/** Parses one file and extracts its facts (pure: no I/O). */
export function extractFile(filePath: string, text: string, id: LanguageId): FileFacts {
  return extractWith(runtimeOf(language(id)), filePath, text);
}

/** The parser and query engine of a language, built on first use. */
export function languageRuntime(id: LanguageId): LanguageRuntime {
  return runtimeOf(language(id));
}

/** The grammar object and concatenated query source of a language (for tests comparing with tree-sitter). */
export function languageSource(id: LanguageId): { grammar: unknown; query: string } {
  return sourceOf(language(id));
}

/** A bare parser for a language (no query): what the parse baseline benchmark uses. */
export function bareParser(id: LanguageId): ParserT {
  return bareParserOf(language(id));
}

/** A fingerprint of one language's query text (what a program cached at build time was made from). */
export function languageQueryKey(id: LanguageId): string {
  return queryKeyOf(language(id));
}

/** A short fingerprint of every query file: cached facts made with other queries are stale. */
export function queryFingerprint(): string {
  return fingerprintOf(LANGUAGES);
}

/**
 * The settings resolution runs with: every language's rules, and every family's settings read from the
 * repository (`filePaths`: every path the walk listed; `readText` reads one).
 */
export function loadProjectConfig(filePaths: readonly string[], readText: ReadText): ProjectConfig {
  const rules = new Map<string, ResolveRules>();
  const settings = new Map<string, unknown>();
  for (const l of LANGUAGES) {
    rules.set(l.id, l.rules);
    if (!settings.has(l.rules.family)) settings.set(l.rules.family, l.rules.loadConfig(filePaths, readText));
  }
  return { rules, settings };
}

/**
 * `config` with the type declarations of the project's installed dependencies, read by each family that reads them
 * (ResolveRules.dependencyTypes): their facts as `typeFiles`, and each such family's settings extended so that its
 * module resolution leads to them. `readText` reads any file under the root (node_modules too); `readManifest`
 * reads package manifests, whose content says when an index is stale.
 */
export function loadDependencyTypes(config: ProjectConfig, facts: readonly FileFacts[], readText: ReadText, readManifest: ReadText = readText): ProjectConfig {
  const families = new Map<string, ResolveRules>();
  for (const l of LANGUAGES) if (l.rules.dependencyTypes && !families.has(l.rules.family)) families.set(l.rules.family, l.rules);
  if (!families.size) return config;
  const paths = new Set(facts.map((f) => f.path));
  const settings = new Map(config.settings ?? []);
  const typeFiles: FileFacts[] = [...(config.typeFiles ?? [])];
  const extract = (relPath: string, text: string): FileFacts | undefined => {
    const id = languageOf(relPath);
    return id === undefined ? undefined : extractFile(relPath, text, id);
  };
  for (const [family, rules] of families) {
    const files = facts.filter((f) => byId.get(f.language)?.rules.family === family);
    if (!files.length) continue;
    const read = rules.dependencyTypes!({ files, paths, settings: settings.get(family), readText, readManifest, extract });
    if (!read) continue;
    settings.set(family, read.settings);
    for (const f of read.files) if (!paths.has(f.path)) typeFiles.push(f);
  }
  return { ...config, settings, typeFiles };
}

/** The rules of every language, with no settings read: resolution of facts alone (a file's symbols). */
export function defaultProjectConfig(): ProjectConfig {
  return { rules: new Map(LANGUAGES.map((l) => [l.id, l.rules])) };
}

/** True when a relative path is a test (or mock, fixture) file by its language's rule; false for other files. */
export function isTestFile(filePath: string | undefined): boolean {
  if (!filePath) return false;
  const id = languageOf(filePath);
  return id !== undefined && byId.get(id)!.rules.isTestFile(filePath);
}
