/**
 * Questions of the test half reworded as a person would ask them, without the commit's own wording or the
 * changed code's names (keyed by commit; eval.ts --paraphrases compares them with the originals). Questions
 * whose changed functions are gone from the pinned snapshot are skipped by the evaluation, so there are a few
 * more than twenty here.
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
];
