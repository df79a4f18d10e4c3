/**
 * The rules of a language on the nominal core (lib/resolve/nominal): one builder, so each language's rules module
 * gives only what is its own — the nominal rules (whose test-file rule serves the resolver and the tools alike),
 * its names for rename, and where it differs from the defaults (no project configuration, every import external,
 * no global names, no method name too common for a guess).
 */
import { nominalRelations } from '../resolve/nominal/index.ts';
import type { NominalRules } from '../resolve/nominal/rules.ts';
import type { LanguageRules, NameRules } from './types.ts';

/** What a nominal language's rules module states; `nominal.isTestFile` is required (the one test-file rule). */
export interface NominalLanguage extends Partial<Pick<LanguageRules, 'loadConfig' | 'modules' | 'isGlobalName' | 'overrides'>> {
  family: string;
  nominal: NominalRules & { isTestFile(path: string): boolean };
  names: NameRules;
}

/** A nominal language's LanguageRules, with the common defaults where it states nothing. */
export function nominalLanguageRules(spec: NominalLanguage): LanguageRules {
  return {
    family: spec.family,
    loadConfig: spec.loadConfig ?? (() => undefined),
    modules: spec.modules ?? (() => ({ resolve: (_from, specifier) => ({ external: specifier }) })),
    isGlobalName: spec.isGlobalName ?? (() => false),
    isCommonMethodName: () => false,
    relations: nominalRelations(spec.nominal),
    overrides: spec.overrides,
    isTestFile: spec.nominal.isTestFile,
    names: spec.names,
    partKinds: spec.nominal.partKinds,
  };
}
