/**
 * The listing of the configuration files a repository holds (every language's `configFiles`), as a digest: a
 * snapshot records it, and a walk that lists them otherwise finds a configuration file added or removed.
 */
import { isConfigPath } from '../lang/index.ts';
import { sha256 } from '../files/source.ts';

/** The digest of the sorted configuration file paths among `paths`. */
export function configListingOf(paths: readonly string[]): string {
  return sha256(paths.filter(isConfigPath).sort().join('\n'));
}
