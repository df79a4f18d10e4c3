/** PHP's project settings: Composer's autoload maps (PSR-4, PSR-0, several composer.json), `require` paths, bad JSON. */
import test from 'ava';
import { fileRankOf, loadPhpSettings, requiredFile } from '../../lib/lang/php/modules.ts';

const FILES: Record<string, string> = {
  'composer.json': JSON.stringify({ autoload: { 'psr-4': { 'App\\': 'src/', 'Lib\\': ['lib/', 'extra/'] }, 'psr-0': { Legacy_: 'old/' } }, 'autoload-dev': { 'psr-4': { 'App\\Tests\\': 'tests/' } } }),
  'packages/tool/composer.json': JSON.stringify({ autoload: { 'psr-4': { 'Tool\\': 'src' } } }),
  'broken/composer.json': '{ "autoload": ',
  'src/Models/User.php': '', 'stubs/Models/User.php': '', 'lib/Util.php': '', 'extra/Util.php': '', 'tests/UserTest.php': '',
  'packages/tool/src/Cli.php': '', 'src/bootstrap.php': '', 'src/Support/helpers.php': '', 'config.php': '',
};
const settings = loadPhpSettings(Object.keys(FILES), (p) => FILES[p]);

test('autoload maps: the longest namespace prefix first, folders relative to their composer.json, bad JSON skipped', (t) => {
  t.deepEqual(settings.psr4.map((e) => e.prefix), ['App.Tests', 'Legacy_', 'Tool', 'App', 'Lib']);
  t.deepEqual(settings.psr4.find((e) => e.prefix === 'Tool')?.dirs, ['packages/tool/src/']);
  t.deepEqual(settings.psr4.find((e) => e.prefix === 'Lib')?.dirs, ['lib/', 'extra/']);
  t.deepEqual(settings.psr4.find((e) => e.prefix === 'Legacy_')?.dirs, ['old/Legacy_/']);
});

test('a file where Composer would load its namespace weighs 0, a copy elsewhere 1, an unmapped namespace 0', (t) => {
  t.is(fileRankOf('src/Models/User.php', 'App.Models', settings), 0);
  t.is(fileRankOf('stubs/Models/User.php', 'App.Models', settings), 1);
  t.is(fileRankOf('extra/Util.php', 'Lib', settings), 0);
  t.is(fileRankOf('tests/UserTest.php', 'App.Tests', settings), 0);
  t.is(fileRankOf('packages/tool/src/Cli.php', 'Tool', settings), 0);
  t.is(fileRankOf('config.php', 'Other', settings), 0);
  t.is(fileRankOf('config.php', undefined, settings), 0);
});

test('require paths: beside the including file (the __DIR__ idiom), else from the root; computed or missing ones are not followed', (t) => {
  t.is(requiredFile('/Support/helpers.php', 'src/bootstrap.php', settings), 'src/Support/helpers.php');
  t.is(requiredFile('../config.php', 'src/bootstrap.php', settings), 'config.php');
  t.is(requiredFile('config.php', 'src/bootstrap.php', settings), 'config.php');
  t.is(requiredFile('missing.php', 'src/bootstrap.php', settings), undefined);
  t.is(requiredFile('$dir/x.php', 'src/bootstrap.php', settings), undefined);
  t.is(requiredFile('http://example.com/x.php', 'src/bootstrap.php', settings), undefined);
});
