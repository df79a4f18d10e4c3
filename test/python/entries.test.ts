/**
 * Python entry points start flows: `if __name__ == "__main__":`, console scripts declared in pyproject.toml, click and
 * typer commands, Flask and FastAPI routes (decorators), Django views (a `request` first parameter); pytest files are
 * tests (no entries there, left out of impact by default).
 */
import test from 'ava';
import { analyzeRepository } from '../../lib/analyze/index.ts';
import { readGraphData } from '../../index-store/format.ts';
import { isTestPath } from '../../lib/util/paths.ts';
import { isTestFile } from '../../lib/symbols/test-files.ts';
import { tempRepo } from '../analyze/_helpers.ts';

test('entry points of a Python service start flows with their kind', async (t) => {
  const { root, home } = tempRepo({
    'pyproject.toml': '[project]\nname = "svc"\n\n[project.scripts]\nsvc-admin = "svc.admin:cli_main"\n',
    'svc/__init__.py': '',
    'svc/store.py': 'class Store:\n    def load(self, key):\n        return self.fetch(key)\n\n    def fetch(self, key):\n        return key\n',
    'svc/web.py': [
      'from flask import Flask', 'from .store import Store', '', 'app = Flask(__name__)', '', '',
      '@app.route("/items/<key>")', 'def show_item(key):', '    return Store().load(key)', '',
    ].join('\n'),
    'svc/api.py': [
      'from fastapi import APIRouter', 'from .store import Store', '', 'router = APIRouter()', '', '',
      '@router.get("/health")', 'async def health():', '    return Store().load("h")', '',
    ].join('\n'),
    'svc/commands.py': [
      'import click', 'from .store import Store', '', '',
      '@click.command()', 'def sync():', '    Store().load("s")', '',
    ].join('\n'),
    'svc/admin.py': 'from .store import Store\n\n\ndef cli_main():\n    Store().fetch("a")\n',
    'svc/views.py': 'from .store import Store\n\n\ndef detail(request, pk):\n    return Store().load(pk)\n',
    'tools/run.py': 'from svc.store import Store\n\n\ndef go():\n    Store().fetch("x")\n\n\nif __name__ == "__main__":\n    go()\n',
    'tests/test_store.py': 'from svc.store import Store\n\n\ndef test_load():\n    assert Store().load("k") == "k"\n',
  });
  const r = await analyzeRepository(root, { home });
  const g = readGraphData(r.dir);
  const kindOf = (uid: string) => g.nodes.find((n) => n.label === 'Process' && n.entry === uid)?.entryKind;
  t.is(kindOf('Function:svc/web.py:show_item'), 'route');
  t.is(kindOf('Function:svc/api.py:health'), 'route');
  t.is(kindOf('Function:svc/commands.py:sync'), 'command');
  t.is(kindOf('Function:svc/admin.py:cli_main'), 'command');
  t.is(kindOf('Function:svc/views.py:detail'), 'handler');
  t.is(kindOf('Function:tools/run.py:go'), 'script');
  t.is(kindOf('Function:tests/test_store.py:test_load'), undefined);
  t.is(g.nodes.find((n) => n.uid === 'Function:svc/admin.py:cli_main')?.registeredBy, 'console_scripts:svc-admin');
});

test('pytest files are test files for every tool', (t) => {
  for (const p of ['tests/test_api.py', 'pkg/test_api.py', 'pkg/api_test.py', 'conftest.py', 'pkg/tests/helpers.py']) {
    t.true(isTestPath(p), p);
    t.true(isTestFile(p), p);
  }
  for (const p of ['pkg/api.py', 'pkg/testing_utils.py', 'pkg/contest.py']) {
    t.false(isTestPath(p), p);
    t.false(isTestFile(p), p);
  }
});
