/** C#'s syntax words and visibility rule for the nominal collector. */
import type { NominalSyntax } from '../../extract/nominal/syntax.ts';

export const csharpSyntax: NominalSyntax = {
  language: 'csharp',
  staticWords: new Set(['static', 'const']),
  // public and protected members are seen outside their assembly (internal ones across the repository's own
  // projects too: a repository is what is indexed); an interface's and an enum's members are public
  exported: (_name, mods, where) => {
    if (mods.includes('private')) return false;
    const visible = mods.includes('public') || mods.includes('protected') || mods.includes('internal') || where.parentKind === 'interface' || where.label === 'Property' && where.parentLabel === 'Enum';
    return visible && where.parentExported;
  },
  builtinTypes: new Set(['bool', 'byte', 'sbyte', 'char', 'decimal', 'double', 'float', 'int', 'uint', 'nint', 'nuint', 'long', 'ulong', 'short', 'ushort',
    'object', 'string', 'dynamic', 'void', 'var']),
  inferredTypes: new Set(['var']),
  overloads: true,
  // `Run(f => f.Bar())` with `Run(Action<Foo> f)`: f is a Foo
  lambdaParamTypes: true,
  // a lambda has no receiver of its own: `this` inside one is the enclosing class's
  plainLambdas: true,
  elementCallbacks: new Set(['Where', 'Select', 'SelectMany', 'Any', 'All', 'First', 'FirstOrDefault', 'Last', 'LastOrDefault', 'Single', 'SingleOrDefault',
    'Count', 'LongCount', 'Sum', 'Min', 'Max', 'Average', 'OrderBy', 'OrderByDescending', 'ThenBy', 'ThenByDescending', 'GroupBy', 'ToDictionary',
    'ToLookup', 'ForEach', 'Find', 'FindAll', 'FindIndex', 'FindLast', 'Exists', 'TrueForAll', 'RemoveAll', 'DistinctBy', 'MinBy', 'MaxBy', 'TakeWhile',
    'SkipWhile', 'Contains', 'Zip',
    // Entity Framework's: its async queries, and the navigation an Include names
    'Include', 'FirstAsync', 'FirstOrDefaultAsync', 'LastAsync', 'LastOrDefaultAsync', 'SingleAsync', 'SingleOrDefaultAsync', 'AnyAsync', 'AllAsync',
    'CountAsync', 'LongCountAsync', 'SumAsync', 'MinAsync', 'MaxAsync', 'AverageAsync', 'ExecuteUpdate', 'ExecuteUpdateAsync']),
  comments: { line: ['//'], block: ['/*', '*/'] },
};
