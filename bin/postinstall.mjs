// After `npm install` of the package (a global install, or a tarball): compile the optional native parser for
// this machine. It never fails the install: without a C compiler or Node's headers, analyze parses through
// node-tree-sitter instead, with the same results, and this prints why in one line.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const build = path.join(root, 'native', 'build.mjs');
if (fs.existsSync(build)) {
  try {
    const { buildNative } = await import(build);
    const note = buildNative();
    if (note) process.stderr.write(`codegraph: ${note}\n`);
  } catch (err) {
    process.stderr.write(`codegraph: native parser not built (${err instanceof Error ? err.message : String(err)}); parsing goes through node-tree-sitter\n`);
  }
}
