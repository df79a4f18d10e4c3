/**
 * Python's outward shape (lib/lang/python/outward.ts through lib/resolve/shape.ts): an edit another file's
 * resolution cannot see keeps it, one it can see changes it.
 */
import test from 'ava';
import { extractFile } from '../../lib/lang/index.ts';
import { outwardShape } from '../../lib/resolve/shape.ts';
import { pythonOutwardFacts } from '../../lib/lang/python/outward.ts';

const BASE = `"""A module."""
import os
from .models import Base as B

__all__ = ["make", "Service"]


class Service(B):
    def run(self, x: int) -> "Service":
        import json
        y = os.path.join("a", "b")
        return self


def make():
    return Service()


if __name__ == "__main__":
    make().run(1)
`;

const shape = (text: string): string => outwardShape(pythonOutwardFacts(extractFile('pkg/service.py', text, 'python')));

test('a body edit, comments and lines moved keep a Python file\'s outward shape', (t) => {
  const base = shape(BASE);
  t.is(shape(BASE.replace('        y = os.path.join("a", "b")', '        y = os.path.join("a", "b")\n        print(y)\n        z = y + "c"')), base, 'statements and a call added to a body');
  t.is(shape('# a comment\n\n\n' + BASE), base, 'lines added above every import');
  t.is(shape(BASE.replace('        return self', '        # done\n        return self')), base, 'a comment in a body');
});

test('what another file reads changes a Python file\'s outward shape', (t) => {
  const base = shape(BASE);
  t.not(shape(BASE.replace('from .models import Base as B', 'from .models import Child as B')), base, 'an import');
  t.not(shape(BASE.replace('__all__ = ["make", "Service"]', '__all__ = ["make"]')), base, '__all__');
  t.not(shape(BASE.replace('    return Service()', '    return None')), base, 'a returned value');
  t.not(shape(BASE.replace('    def run(self, x: int) -> "Service":', '    def run(self, x: str) -> "Service":')), base, 'a parameter\'s type');
  t.not(shape(BASE + '\n\ndef extra():\n    return 1\n'), base, 'a function added');
  t.not(shape(BASE.replace('        import json\n', '')), base, 'an import inside a body (it binds a name there)');
});
