<?php
/**
 * The call sites of a PHP folder whose callee PHP's own name resolution decides, with that callee: nikic/php-parser
 * (Debian's php-parser) parses every file and its NameResolver resolves names as PHP does (namespaces, `use` with
 * aliases, groups, functions and constants); a table of the folder's classes (parents, traits) and functions then
 * gives what runs:
 *   new C            the class C names (kind ctor)
 *   C::m(), self::m(), static::m(), parent::m()   the method m of that class, its traits, then its parents
 *   f()              the namespaced function if the folder declares one, else the global one
 *   $this->m()       the method m of the enclosing class, its traits, then its parents
 * A callee outside the folder is printed as `ext`; a call this cannot decide (a variable's method, a dynamic name,
 * `$this->m()` with no declared m and no outside parent: `__call`) is not printed.
 * Output, one site a line: file \t line \t col \t name \t kind \t callee (file:line:col, or `ext`). Columns count
 * bytes from 1 (the corpora are ASCII).
 * Usage: php bench/php-oracle/oracle.php <folder>
 */
require '/usr/share/php/PhpParser/autoload.php';

use PhpParser\Node;
use PhpParser\NodeTraverser;
use PhpParser\NodeVisitor\NameResolver;
use PhpParser\NodeVisitorAbstract;
use PhpParser\ParserFactory;

$root = rtrim($argv[1], '/');
$files = [];
$it = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($root, FilesystemIterator::SKIP_DOTS));
foreach ($it as $f) if (preg_match('/\.php$/', $f->getPathname())) $files[] = substr($f->getPathname(), strlen($root) + 1);
sort($files);

$lexer = new PhpParser\Lexer(['usedAttributes' => ['startLine', 'startFilePos', 'endFilePos']]);
$parser = (new ParserFactory())->create(ParserFactory::PREFER_PHP7, $lexer);

$asts = [];
$texts = [];
foreach ($files as $rel) {
    $text = file_get_contents("$root/$rel");
    try { $ast = $parser->parse($text); } catch (PhpParser\Error $e) { continue; }
    $t = new NodeTraverser();
    $t->addVisitor(new NameResolver());
    $asts[$rel] = $t->traverse($ast);
    $texts[$rel] = $text;
}

/** 1-based line and column of a byte offset. */
function lineCol(string $text, int $off): array {
    $before = substr($text, 0, $off);
    $nl = strrpos($before, "\n");
    return [substr_count($before, "\n") + 1, $off - ($nl === false ? -1 : $nl)];
}

// the table: classes (lower-cased FQN) with their parent, traits, methods; functions
$classes = [];
$functions = [];
class Collect extends NodeVisitorAbstract {
    public function __construct(private string $rel) {}
    public function enterNode(Node $n) {
        global $classes, $functions;
        if ($n instanceof Node\Stmt\ClassLike && $n->name !== null && isset($n->namespacedName)) {
            $c = ['file' => $this->rel, 'pos' => $n->name->getStartFilePos(), 'parent' => null, 'traits' => [], 'methods' => []];
            if ($n instanceof Node\Stmt\Class_ && $n->extends) $c['parent'] = strtolower($n->extends->toString());
            foreach ($n->stmts as $s) {
                if ($s instanceof Node\Stmt\TraitUse) foreach ($s->traits as $tr) $c['traits'][] = strtolower($tr->toString());
                if ($s instanceof Node\Stmt\ClassMethod) $c['methods'][strtolower($s->name->toString())] = $s->name->getStartFilePos();
            }
            $classes[strtolower($n->namespacedName->toString())] = $c;
        }
        if ($n instanceof Node\Stmt\Function_) $functions[strtolower($n->namespacedName->toString())] = ['file' => $this->rel, 'pos' => $n->name->getStartFilePos()];
    }
}
foreach ($asts as $rel => $ast) { $t = new NodeTraverser(); $t->addVisitor(new Collect($rel)); $t->traverse($ast); }

/** The method `m` of class `c` (its own, its traits', its parents'): [file, pos], 'ext' when an outside class may have it, null. */
function findMethod(string $c, string $m, int $depth = 0) {
    global $classes;
    if ($depth > 20) return null;
    if (!isset($classes[$c])) return 'ext';
    $k = $classes[$c];
    if (isset($k['methods'][$m])) return [$k['file'], $k['methods'][$m]];
    foreach ($k['traits'] as $tr) { $r = findMethod($tr, $m, $depth + 1); if (is_array($r)) return $r; }
    return $k['parent'] !== null ? findMethod($k['parent'], $m, $depth + 1) : null;
}

class Sites extends NodeVisitorAbstract {
    private array $cls = [];
    public function __construct(private string $rel, private string $text) {}
    private function out(int $off, string $name, string $kind, $callee): void {
        global $texts;
        [$l, $c] = lineCol($this->text, $off);
        if (is_array($callee)) { [$cl, $cc] = lineCol($texts[$callee[0]], $callee[1]); $callee = "$callee[0]:$cl:$cc"; }
        echo "$this->rel\t$l\t$c\t$name\t$kind\t$callee\n";
    }
    /** Offset of a name's last segment (where codegraph records the call). */
    private function lastAt(Node\Name $n): int { return $n->getEndFilePos() - strlen($n->getLast()) + 1; }
    private function classOf(Node\Name $n): ?string {
        $s = strtolower($n->toString());
        $cur = end($this->cls) ?: null;
        if ($s === 'self' || $s === 'static') return $cur;
        if ($s === 'parent') { global $classes; return $cur !== null && isset($classes[$cur]) ? $classes[$cur]['parent'] : null; }
        return $s;
    }
    public function enterNode(Node $n) {
        global $classes, $functions;
        if ($n instanceof Node\Stmt\ClassLike) $this->cls[] = $n->name !== null && isset($n->namespacedName) ? strtolower($n->namespacedName->toString()) : null;
        if ($n instanceof Node\Expr\New_ && $n->class instanceof Node\Name) {
            $c = $this->classOf($n->class);
            if ($c === null) return;
            $this->out($this->lastAt($n->class), $n->class->getLast(), 'ctor', isset($classes[$c]) ? [$classes[$c]['file'], $classes[$c]['pos']] : 'ext');
        } elseif ($n instanceof Node\Expr\StaticCall && $n->class instanceof Node\Name && $n->name instanceof Node\Identifier) {
            $c = $this->classOf($n->class);
            if ($c === null) return;
            $r = findMethod($c, strtolower($n->name->toString()));
            if ($r !== null) $this->out($n->name->getStartFilePos(), $n->name->toString(), 'static', $r);
        } elseif ($n instanceof Node\Expr\FuncCall && $n->name instanceof Node\Name) {
            $ns = $n->name->getAttribute('namespacedName');
            $full = strtolower($n->name->toString());
            $hit = $ns !== null && isset($functions[strtolower($ns->toString())]) ? $functions[strtolower($ns->toString())] : ($functions[$full] ?? null);
            $this->out($this->lastAt($n->name), $n->name->getLast(), 'call', $hit ? [$hit['file'], $hit['pos']] : 'ext');
        } elseif ($n instanceof Node\Expr\MethodCall && $n->var instanceof Node\Expr\Variable && $n->var->name === 'this' && $n->name instanceof Node\Identifier) {
            $c = end($this->cls) ?: null;
            if ($c === null) return;
            $r = findMethod($c, strtolower($n->name->toString()));
            if ($r !== null) $this->out($n->name->getStartFilePos(), $n->name->toString(), 'this', $r);
        }
    }
    public function leaveNode(Node $n) {
        if ($n instanceof Node\Stmt\ClassLike) array_pop($this->cls);
    }
}
foreach ($asts as $rel => $ast) { $t = new NodeTraverser(); $t->addVisitor(new Sites($rel, $texts[$rel])); $t->traverse($ast); }
