/**
 * Questions reworded as a person would ask them, without the commit's own wording or the changed code's names
 * (keyed by commit; eval.ts --paraphrases compares them with the originals): first the test half's, then twenty
 * of the tuning half (tune.ts --paraphrases may learn from those, never from the test half's). Questions whose
 * changed functions are gone from the pinned snapshot are skipped by the evaluation, so there are a few more
 * than twenty of the test half.
 */
export const PARAPHRASES: ReadonlyArray<{ repo: string; commit: string; text: string }> = [
  { repo: 'knex/knex', commit: 'affb8839604602d45e06aacf21df58e7ab17613e', text: 'MySQL tables get their primary key added in a second statement instead of in CREATE TABLE' },
  { repo: 'tj/commander.js', commit: '4f78587db03195bf2e0ff64419fef59b7560cf0e', text: 'do not complain about unrecognised flags when a more helpful error can be shown' },
  { repo: 'koajs/koa', commit: 'f6626967b29eb57291d9d5e9bddd0350febc2635', text: 'throwing an HTTP error from the context should not let extra properties override the status code' },
  { repo: 'mobxjs/mobx', commit: '0d28db8a0ba99f5cce744bb83b5bd88ec45a7e41', text: 'the equality comparer option of a reaction has the wrong type' },
  { repo: 'tj/commander.js', commit: '63eed4aa05435575d515311bb5efaf6d88b6be84', text: 'declaring a negated flag before its positive form gives a different default' },
  { repo: 'knex/knex', commit: '52950c652b3b020f86c8815dd42429a2eb541afd', text: 'reading column metadata on SQL Server fails when the database collation is case sensitive' },
  { repo: 'koajs/koa', commit: '9c5c58b18363494976185e7ddc790ac63de840ed', text: 'request host is empty for HTTP/2 clients, read it from the pseudo header' },
  { repo: 'mobxjs/mobx', commit: 'b9fa119c90e23d4b327763189f24c00be2fb2c26', text: 'the timeout failure of waiting for a condition has a useless stack trace' },
  { repo: 'knex/knex', commit: '22e080e7940a0c13a87facea274939b0492a2d73', text: 'make quoting of column and alias identifiers faster' },
  { repo: 'tj/commander.js', commit: '373f660f6febb720b82635220eea72dd9b7e0cba', text: 'use the standard library to remove terminal colour escape codes when measuring text width' },
  { repo: 'koajs/koa', commit: 'c5ad22e8bb66d6bfb5417e62f431567cdfd10a30', text: 'the request origin ignores the Origin header and always uses the server host name' },
  { repo: 'reduxjs/redux-toolkit', commit: 'd5b51360964d723f4161dafb378328f61cb7c2b7', text: 'two stores combining lazily loaded slices share one proxy cache and see each other\'s state' },
  { repo: 'tj/commander.js', commit: 'ec1942ddcc404adbe9cea3e11d87ed4043782b6c', text: 'simpler error text when pass-through options are used on a command that cannot take them' },
  { repo: 'tj/commander.js', commit: 'f13ee188b6da1f5dfeeedc29761a2e86f7faa6a0', text: 'help output should not show a default value for negated boolean flags' },
  { repo: 'koajs/koa', commit: 'c369b33b239fb3b3d365d51124bc5250d660c252', text: 'a setting on the application to stop printing errors to the console' },
  { repo: 'mobxjs/mobx', commit: '4afb1ec24427cf8e1f768d0c6fc49d0f44f4ab8e', text: 'report an error when a class uses both legacy decorators and an annotation map' },
  { repo: 'koajs/koa', commit: '54e8fab3e3d907bbb264caf3e28a24773d0d6fdb', text: 'escape the target address of a redirect unless it is escaped already' },
  { repo: 'koajs/koa', commit: '162a5b3e78bf0838cee67119804f066d6e38bf02', text: 'create the cookie jar and the client address only when a request first asks for them' },
  { repo: 'knex/knex', commit: 'dbcc8a3228d9e01731a57b5df112653ba63b2f88', text: 'joining a subquery ignores the schema set on the query' },
  { repo: 'tj/commander.js', commit: '84d9201e92d041825190a7fb8412959d4c1d1034', text: 'changing a stored option value should forget where the old value came from' },
  { repo: 'reduxjs/redux-toolkit', commit: '906aa2ba92e78eb0491f7d7f273290fed405e967', text: 'an async thunk cancelled before it starts loses its rejection' },
  { repo: 'knex/knex', commit: 'ab1f9ae3720386d603bd42f17a4b020f370eeead', text: 'SQLite cannot find the CREATE TABLE statement when the table name has different letter case' },
  { repo: 'tj/commander.js', commit: '92d6e4909c5139503b45e16f262bad4bd3a4802f', text: 'parsing arguments treats an empty string value as missing' },
  { repo: 'mobxjs/mobx', commit: '3a7dee6fdaddbb4b79205b054601a8020c226fcc', text: 'TypeScript cannot infer the listener argument types when watching changes of an observable' },
  // The tuning half (chosen by a seeded draw, five per repository).
  { repo: 'vuejs/core', commit: '89edc6cdcbd34ea6394927ecbfaa61dc4f871de7', text: 'positions in production output do not map back to the original file when the template is compiled inline' },
  { repo: 'vuejs/core', commit: 'a4708f324f62ac2122f87c4ee039deb2745f0905', text: 'server rendering should normalise the class name property the same way as the class attribute' },
  { repo: 'vuejs/core', commit: 'd3af67e878790892f9d34cfea15d13625aabe733', text: 'a dynamic binding whose argument expression is blank compiles to broken code' },
  { repo: 'vuejs/core', commit: '7b5b6e0275f35748dca6d7eb842f8ab2364c6b9a', text: 'quote characters in CSS custom property names break server-rendered markup' },
  { repo: 'vuejs/core', commit: '1499135c227236e037bb746beeb777941b0b58ff', text: 'the spelling fix-up setting of inputs must be written with setAttribute, not as a DOM property' },
  { repo: 'axios/axios', commit: '99648153ce4be7ee185a6e7c3e50ee3eae2aed32', text: 'turn a nested plain object into multipart fields' },
  { repo: 'axios/axios', commit: '787c808c0401b766d2769097cef864dd1cfb536b', text: 'stop calling the old byte array constructor Node warns about' },
  { repo: 'axios/axios', commit: 'c65065ac0f3f1af3986e881bc197362621fd550c', text: 'an exception thrown by the upload body stream is swallowed instead of failing the call' },
  { repo: 'axios/axios', commit: '95a3e8e346cfd6a5548e171f2341df3235d0e26b', text: 'upload progress events break when the payload is null or empty' },
  { repo: 'axios/axios', commit: '07a7b7c84c3ea82ea3f624330be9e0d3f738ac70', text: 'let users turn off going through an intermediary server entirely, whatever the environment says' },
  { repo: 'immerjs/immer', commit: 'b4f71a6f2bdeafd24cd4669921082f8ac2e84cfc', text: 'values kept in keyed collections are not made read-only when the result is completed' },
  { repo: 'immerjs/immer', commit: 'aa24400ea1f53b20927ac3619ea4fcd98c3a2172', text: 'the mutating functions of deeply locked collections should not show up when listing their keys' },
  { repo: 'immerjs/immer', commit: '3f15d49436b598d17bb1a3278169d3818b67ea5d', text: 'the typing of starting a manual mutable copy gives back the wrong wrapper type' },
  { repo: 'immerjs/immer', commit: 'e3df956dca6f62c9053ab750b2c8b8a518f3e001', text: 'elements added by list functions such as push or splice are tracked under the wrong position' },
  { repo: 'immerjs/immer', commit: 'a81096024ca1d6de75feb0b26a2f6a4aa5ae4bf7', text: 'the output of an inner recipe call gets locked, which hides unfinished copies from the outer one' },
  { repo: 'nodejs/undici', commit: '7f50f74d02c275cb94e0d04c74c37f3d61b70cef', text: 'a fake interceptor set to repeat forever should compute its response function on every hit' },
  { repo: 'nodejs/undici', commit: 'ab0ecfd6cf536ffda72c16ba96eb67f661a1f401', text: 'group the HTTP/2 settings of a client under one sub-object and warn about the old flat ones' },
  { repo: 'nodejs/undici', commit: 'b04e3cbb569c1596f86c108e9b52c79d8475dcb3', text: 'a response that stacks many compression formats can exhaust memory: cap how many are undone' },
  { repo: 'nodejs/undici', commit: 'faca33ae2a5f92889a69b74e1f72ef244da2875f', text: 'sockets of a shared set should be dropped once they have lived for a configurable duration' },
  { repo: 'nodejs/undici', commit: '66181d2f0a147a0d803bed8350c96d16580f54a7', text: 'building the lookup key of stored responses crashes when the address already has a search string' },
];
