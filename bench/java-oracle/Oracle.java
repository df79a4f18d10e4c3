import com.sun.source.tree.*;
import com.sun.source.util.*;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.stream.*;
import javax.lang.model.element.*;
import javax.lang.model.util.Elements;
import javax.tools.*;

/**
 * Prints the static callee of every method call and `new` in the Java files under a folder, as javac's attribution
 * gives it (JavacTask.analyze, then Trees.getElement at each call): one JSON object per line with the called name's
 * position and the callee's declaration (the position of its name) when the callee is declared in the folder. The
 * oracle of bench/java-callgraph-diff.ts. A record's accessor that no body declares is its component (the name in the
 * record's header). Usage: java Oracle.java <folder> [javac options…] (a JDK module's sources
 * are compiled with --patch-module <module>=<folder>).
 */
public class Oracle {
  static Path root;
  static final Map<Path, int[]> lineStarts = new HashMap<>();
  static final Map<Path, String> texts = new HashMap<>();

  public static void main(String[] args) throws Exception {
    root = Paths.get(args[0]).toAbsolutePath().normalize();
    List<String> options = new ArrayList<>(Arrays.asList(args).subList(1, args.length));
    options.addAll(List.of("-proc:none", "-Xlint:none", "-nowarn", "-implicit:none", "-Xmaxerrs", "100000"));
    List<File> files;
    try (Stream<Path> s = Files.walk(root)) {
      files = s.filter(p -> p.toString().endsWith(".java")).sorted().map(Path::toFile).collect(Collectors.toList());
    }
    JavaCompiler c = ToolProvider.getSystemJavaCompiler();
    StandardJavaFileManager fm = c.getStandardFileManager(null, null, StandardCharsets.UTF_8);
    JavacTask task = (JavacTask) c.getTask(null, fm, d -> {}, options, null, fm.getJavaFileObjectsFromFiles(files));
    Iterable<? extends CompilationUnitTree> units = task.parse();
    task.analyze();
    Trees trees = Trees.instance(task);
    Elements elements = task.getElements();
    SourcePositions sp = trees.getSourcePositions();
    PrintStream out = new PrintStream(new BufferedOutputStream(System.out), false, StandardCharsets.UTF_8);
    for (CompilationUnitTree cu : units) {
      Path file = Paths.get(cu.getSourceFile().toUri()).toAbsolutePath().normalize();
      new TreePathScanner<Void, Void>() {
        @Override public Void visitMethodInvocation(MethodInvocationTree node, Void v) {
          ExpressionTree sel = node.getMethodSelect();
          String name; long at;
          if (sel instanceof MemberSelectTree) { name = ((MemberSelectTree) sel).getIdentifier().toString(); at = sp.getEndPosition(cu, sel) - name.length(); }
          else if (sel instanceof IdentifierTree) { name = ((IdentifierTree) sel).getName().toString(); at = sp.getStartPosition(cu, sel); }
          else return super.visitMethodInvocation(node, v);
          // the implicit super() javac adds to a constructor is not written
          String text = texts.computeIfAbsent(file, Oracle::read);
          if (at < 0 || at + name.length() > text.length() || !text.startsWith(name, (int) at)) return super.visitMethodInvocation(node, v);
          report(out, file, at, name, trees.getElement(getCurrentPath()), trees, elements, sp);
          return super.visitMethodInvocation(node, v);
        }
        @Override public Void visitNewClass(NewClassTree node, Void v) {
          // an enum constant's implicit construction is no call written in the source
          Element held = trees.getElement(getCurrentPath().getParentPath());
          if (held != null && held.getKind() == ElementKind.ENUM_CONSTANT) return super.visitNewClass(node, v);
          Tree id = node.getIdentifier();
          if (id instanceof ParameterizedTypeTree) id = ((ParameterizedTypeTree) id).getType();
          if (id instanceof AnnotatedTypeTree) id = ((AnnotatedTypeTree) id).getUnderlyingType();
          String name; long at;
          if (id instanceof MemberSelectTree) { name = ((MemberSelectTree) id).getIdentifier().toString(); at = sp.getEndPosition(cu, id) - name.length(); }
          else if (id instanceof IdentifierTree) { name = ((IdentifierTree) id).getName().toString(); at = sp.getStartPosition(cu, id); }
          else return super.visitNewClass(node, v);
          Element callee = trees.getElement(getCurrentPath());
          // an anonymous class's constructor is javac's own; the class written there is what the source constructs
          if (node.getClassBody() != null) {
            Element written = trees.getElement(new TreePath(getCurrentPath(), node.getIdentifier()));
            if (written instanceof TypeElement) { reportType(out, file, at, name, (TypeElement) written, trees, sp); return super.visitNewClass(node, v); }
          }
          report(out, file, at, name, callee, trees, elements, sp);
          return super.visitNewClass(node, v);
        }
      }.scan(cu, null);
    }
    out.flush();
  }

  static String read(Path p) {
    try { return Files.readString(p, StandardCharsets.UTF_8); } catch (IOException e) { return ""; }
  }

  static void report(PrintStream out, Path file, long at, String name, Element e, Trees trees, Elements elements, SourcePositions sp) {
    StringBuilder b = new StringBuilder();
    b.append("{\"file\":").append(str(rel(file))).append(",\"line\":").append(line(file, at)).append(",\"col\":").append(col(file, at)).append(",\"name\":").append(str(name));
    String kind = "unknown";
    String callee = null;
    if (e instanceof ExecutableElement) {
      kind = e.getKind() == ElementKind.CONSTRUCTOR ? "ctor" : "method";
      Element decl = e;
      String declName = e.getKind() == ElementKind.CONSTRUCTOR ? e.getEnclosingElement().getSimpleName().toString() : e.getSimpleName().toString();
      // a record's accessor no body declares (it has no tree): its component, the name in the record's header, which
      // declares it (found through the field the component makes: javac keeps no tree of the component itself)
      Element component = null;
      if (e.getKind() == ElementKind.METHOD && e.getEnclosingElement().getKind() == ElementKind.RECORD && ((ExecutableElement) e).getParameters().isEmpty() && trees.getPath(e) == null) {
        for (Element m : e.getEnclosingElement().getEnclosedElements()) {
          if (m.getKind() == ElementKind.FIELD && !m.getModifiers().contains(Modifier.STATIC) && m.getSimpleName().contentEquals(declName)) component = m;
        }
      }
      if (component != null) decl = component;
      else if (elements.getOrigin(e) == Elements.Origin.MANDATED) { decl = e.getEnclosingElement(); kind = "implicit"; }
      TreePath path = trees.getPath(decl);
      if (path != null) {
        Path f = Paths.get(path.getCompilationUnit().getSourceFile().toUri()).toAbsolutePath().normalize();
        long start = sp.getStartPosition(path.getCompilationUnit(), path.getLeaf());
        long pos = component != null ? wordPos(f, start, declName) : namePos(f, start, declName, decl instanceof ExecutableElement);
        if (f.startsWith(root) && pos >= 0) callee = "{\"file\":" + str(rel(f)) + ",\"line\":" + line(f, pos) + ",\"col\":" + col(f, pos) + "}";
      }
      if (callee == null) kind = "external";
    }
    b.append(",\"kind\":").append(str(kind));
    if (callee != null) b.append(",\"callee\":").append(callee);
    out.println(b.append('}'));
  }

  /** A `new` of an anonymous class: the class or interface it extends, as the callee (kind ctor). */
  static void reportType(PrintStream out, Path file, long at, String name, TypeElement t, Trees trees, SourcePositions sp) {
    StringBuilder b = new StringBuilder();
    b.append("{\"file\":").append(str(rel(file))).append(",\"line\":").append(line(file, at)).append(",\"col\":").append(col(file, at)).append(",\"name\":").append(str(name));
    String callee = null;
    TreePath path = trees.getPath(t);
    if (path != null) {
      Path f = Paths.get(path.getCompilationUnit().getSourceFile().toUri()).toAbsolutePath().normalize();
      long pos = namePos(f, sp.getStartPosition(path.getCompilationUnit(), path.getLeaf()), t.getSimpleName().toString(), false);
      if (f.startsWith(root) && pos >= 0) callee = "{\"file\":" + str(rel(f)) + ",\"line\":" + line(f, pos) + ",\"col\":" + col(f, pos) + "}";
    }
    b.append(",\"kind\":").append(str(callee == null ? "external" : "anon"));
    if (callee != null) b.append(",\"callee\":").append(callee);
    out.println(b.append('}'));
  }

  /** Where a declaration's name is: after its start, `name(` for a method or constructor (`name {` for a record's compact one), `name` as a word for a type. */
  static long namePos(Path f, long start, String name, boolean executable) {
    String t = texts.computeIfAbsent(f, Oracle::read);
    if (start < 0) return -1;
    java.util.regex.Matcher m = java.util.regex.Pattern.compile((executable ? "\\b" : "\\b(?:class|interface|enum|record|@interface)\\s+") + java.util.regex.Pattern.quote(name) + (executable ? "\\s*[({]" : "\\b")).matcher(t);
    if (!m.find((int) start)) return -1;
    return executable ? m.start() : m.end() - name.length();
  }

  /** Where a name is as a whole word, at or after a position (a record component's, in the record's header). */
  static long wordPos(Path f, long start, String name) {
    String t = texts.computeIfAbsent(f, Oracle::read);
    if (start < 0) return -1;
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\b" + java.util.regex.Pattern.quote(name) + "\\b").matcher(t);
    return m.find((int) start) ? m.start() : -1;
  }

  static String rel(Path p) { return root.relativize(p).toString().replace(File.separatorChar, '/'); }

  static int[] starts(Path f) {
    return lineStarts.computeIfAbsent(f, p -> {
      String t = texts.computeIfAbsent(p, Oracle::read);
      List<Integer> l = new ArrayList<>(); l.add(0);
      for (int i = 0; i < t.length(); i++) if (t.charAt(i) == '\n') l.add(i + 1);
      return l.stream().mapToInt(Integer::intValue).toArray();
    });
  }
  static int line(Path f, long pos) { int[] s = starts(f); int i = Arrays.binarySearch(s, (int) pos); return (i >= 0 ? i : -i - 2) + 1; }
  static int col(Path f, long pos) { int[] s = starts(f); return (int) pos - s[line(f, pos) - 1] + 1; }
  static String str(String s) { return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\""; }
}
