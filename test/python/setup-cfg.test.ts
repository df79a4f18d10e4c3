/**
 * setup.cfg is read as setuptools reads it, with Python's configparser: lib/lang/python/setup-cfg.ts against the real
 * configparser (python3's RawConfigParser, which setuptools' reader is apart from interpolation) on texts holding
 * every rule of its syntax; then the import roots and console scripts a setup.cfg declares, as analyze uses them.
 */
import test from 'ava';
import { execFileSync } from 'node:child_process';
import { readSetupCfg } from '../../lib/lang/python/setup-cfg.ts';
import { loadPythonSettings } from '../../lib/lang/python/modules.ts';

const TEXTS: Record<string, string> = {
  'package_dir and console scripts over several lines': [
    '[metadata]', 'name = widgets', 'version: 1.0', '', '[options]', 'package_dir =', '    = lib', 'packages = find:',
    'install_requires =', '    requests>=2', '    # a comment inside the value', '    click', '',
    '[options.entry_points]', 'console_scripts =', '    widgets = widgets.cli:main', '    widgets-admin=widgets.admin:run', '',
  ].join('\n'),
  'blank lines inside a value, comments, case of names': [
    '; a comment', '[Section One]', 'Key = first', '', '   continued after a blank line', '', '', 'Other : x = y',
    '# comment', '[options.packages.find]', 'where = src', 'exclude =', '  tests', '  tests.*',
  ].join('\n'),
  'DEFAULT inherited, values with delimiters and CRLF lines': [
    '[DEFAULT]', 'shared = yes', '[a]', 'url = http://host:80/x', 'empty =', '[b]', 'shared = no', 'x=1',
  ].join('\r\n'),
  'deeper indentation continues, equal indentation starts an option': [
    '[s]', '  first = 1', '    more', '  second = 2', 'third = 3', '      deeper', '',
  ].join('\n'),
};

/** What python3's configparser reads from a text: section → option → value (DEFAULT's own options included). */
function configparser(text: string): Record<string, Record<string, string>> {
  const script = [
    'import configparser, json, sys',
    'c = configparser.RawConfigParser()',
    'c.read_string(sys.stdin.read())',
    'out = {s: dict(c[s]) for s in c.sections()}',
    'if c.defaults(): out["DEFAULT"] = dict(c.defaults())',
    'print(json.dumps(out))',
  ].join('\n');
  return JSON.parse(execFileSync('python3', ['-c', script], { input: text, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] })) as Record<string, Record<string, string>>;
}

for (const [name, text] of Object.entries(TEXTS)) {
  test(`setup.cfg reader agrees with Python's configparser: ${name}`, (t) => {
    const ours = readSetupCfg(text);
    const got = Object.fromEntries([...ours.sections].map(([s, opts]) => [s, Object.fromEntries(opts)]));
    t.deepEqual(got, configparser(text));
    t.deepEqual(ours.badLines, []);
  });
}

test('a setup.cfg configparser refuses is read where it can be, the bad lines counted', (t) => {
  const text = 'stray = before any section\n[options]\nthis line is no option\npackage_dir =\n    = src\n';
  const ours = readSetupCfg(text);
  t.deepEqual(ours.badLines, [1, 3]);
  t.is(ours.sections.get('options')?.get('package_dir'), '\n= src');
  t.throws(() => configparser(text), undefined, 'configparser itself refuses this file');
});

test('setup.cfg declares import roots (package_dir, packages.find where) and console scripts', (t) => {
  const files: Record<string, string> = {
    'setup.cfg': TEXTS['package_dir and console scripts over several lines'],
    'svc/setup.cfg': '[options]\npackages = find:\npackage_dir = =pysrc\n[options.entry_points]\nconsole_scripts = svc = svc.main:run\n',
    'tool/setup.cfg': '[options]\npackages = find:\n\n[options.packages.find]\nwhere = source\n',
  };
  const s = loadPythonSettings(Object.keys(files), (p) => files[p]);
  t.deepEqual(s.roots, ['tool/source', 'svc/pysrc', 'tool', 'lib', 'svc', '']);
  t.deepEqual(s.scripts, [
    { name: 'widgets', target: 'widgets.cli:main' }, { name: 'widgets-admin', target: 'widgets.admin:run' },
    { name: 'svc', target: 'svc.main:run' },
  ]);
});
