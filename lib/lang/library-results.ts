/**
 * The shape each language's table of library member results takes (Kotlin's, Swift's, Rust's, C#'s): the members a
 * library type has that give one type whatever the arguments, read by NominalRules.libraryResult.
 */

/** Members whose names are listed, space-separated, each giving library type `type`. */
export function giving(names: string, type: string): Record<string, string> {
  return Object.fromEntries(names.split(/\s+/).filter(Boolean).map((m) => [m, type]));
}

/**
 * A libraryResult rule over `table` (receiver type → member → result type): a member the receiver's type lists,
 * else one every value has (`anyType`: `toString`, `description`), else undefined.
 */
export function libraryResults(table: ReadonlyMap<string, Record<string, string>>, anyType: Record<string, string> = {}):
  (type: string | undefined, member: string) => string | undefined {
  return (type, member) => {
    const own = type === undefined ? undefined : table.get(type);
    if (own && Object.hasOwn(own, member)) return own[member];
    return Object.hasOwn(anyType, member) ? anyType[member] : undefined;
  };
}
