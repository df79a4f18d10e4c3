/**
 * The repositories the localization set is mined from, each pinned to one commit (the snapshot that is indexed)
 * and assigned to the tuning half, the validation half or the test half. The split is by repository, so the test
 * half is code the weights never saw; the tuning and test halves have one Python repository each, reported apart.
 * The validation half is for the question the tuning half cannot answer and the test half should not be spent on:
 * does a gain measured on the tuning half (leave-one-repository-out) hold on other code? Nothing is fit on it. None of the repositories the project
 * is measured on (zod, ky, hono, fastify, click, express, httpx, rich, flask) is here.
 */

export interface HistoryRepo {
  /** owner/name on GitHub (brought with the search tool's `fetch`). */
  repo: string;
  /** The indexed snapshot; commits are mined from its history. */
  commit: string;
  half: 'tune' | 'validation' | 'test';
  /** Folders (prefixes) whose files count as the repository's code; others (tests, docs, examples) are ignored. */
  include: readonly string[];
  /** How many commits before `commit` are read (the most recent ones: their code still exists at `commit`). */
  window: number;
  /** The language family its figures are reported under (JavaScript/TypeScript by default). */
  language?: 'python';
}

export const HISTORY_REPOS: readonly HistoryRepo[] = [
  { repo: 'vuejs/core', commit: 'e2bede96134f757aad5c5b33ac9be055022dbfc8', half: 'tune', include: ['packages/'], window: 900 },
  { repo: 'axios/axios', commit: '23a25af0688d1db2c396deb09229d2271cc24f6c', half: 'tune', include: ['lib/'], window: 900 },
  { repo: 'immerjs/immer', commit: '061c2425e1c9dff89e4e4189d42af1b7839dfe0a', half: 'tune', include: ['src/'], window: 900 },
  { repo: 'mobxjs/mobx', commit: '01211a698b64ea94de8e5f276ff8235fcf8ddf96', half: 'test', include: ['packages/'], window: 900 },
  { repo: 'tj/commander.js', commit: 'ba6d13ddb4243e5913367734f8c159089ffe7834', half: 'test', include: ['lib/', 'index.js'], window: 900 },
  { repo: 'nodejs/undici', commit: '7eb7c8ec8f23acd9c3da93a286162f8c1dc68326', half: 'tune', include: ['lib/'], window: 900 },
  { repo: 'knex/knex', commit: 'e25d54bcb707714a17f5a5744eba5c4246bb4d1d', half: 'test', include: ['lib/'], window: 900 },
  { repo: 'reduxjs/redux-toolkit', commit: '74200d87c27ca2b1c0915b2fbb4c44dd7494c2aa', half: 'test', include: ['packages/toolkit/src/', 'packages/rtk-query-codegen-openapi/src/'], window: 900 },
  { repo: 'koajs/koa', commit: 'e0ba8ef39d27fe5dae5492f9fe753d155124f994', half: 'test', include: ['lib/'], window: 900 },
  { repo: 'python-attrs/attrs', commit: 'c1dc5dcba16ed827aa6dcad896b41a3afedb4e32', half: 'tune', include: ['src/'], window: 900, language: 'python' },
  { repo: 'preactjs/preact', commit: 'f6c6cda581e1123095c56f9fc232b82fc518e426', half: 'validation', include: ['src/', 'hooks/src/', 'compat/src/', 'debug/src/', 'jsx-runtime/src/'], window: 900 },
  { repo: 'chartjs/Chart.js', commit: 'cb02e1d207bd4c4c40b20c259017f85f26f1e30a', half: 'validation', include: ['src/'], window: 900 },
  { repo: 'mochajs/mocha', commit: 'e6b9ee773481fd739ae24caeb42f32ac0b010f95', half: 'validation', include: ['lib/', 'bin/'], window: 900 },
  { repo: 'marshmallow-code/marshmallow', commit: '341b927f219205704728c05cd61f04d7e9727523', half: 'test', include: ['src/'], window: 900, language: 'python' },
];
