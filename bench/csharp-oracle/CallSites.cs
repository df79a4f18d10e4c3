// Prints every method of an assembly compiled with debug symbols (mcs -debug: an .mdb beside it) and every call
// instruction in their bodies with its source span, for bench/csharp-callgraph-diff.ts.
//   M <id> <declaring type> <name> <parameter count> <base method id or -> <file:line;…> (the method's sequence points)
//   C <file> <start line> <end line> <opcode> <callee id, or - for a method of another assembly> <callee name> <callee's type> <caller id>
//   D <constructor id> <callee id, or -> <callee's type> (the constructor its `: base(…)` or `: this(…)` runs, written
//     or not: a constructor the compiler made has no sequence point, so no C line says what it runs)
// A method's id is its token; a callee of this assembly is its element method (a generic instance's definition).
using System;
using System.Collections.Generic;
using System.Linq;
using Mono.Cecil;
using Mono.Cecil.Cil;
using Mono.Cecil.Mdb;
using Mono.Cecil.Rocks;

static class CallSites {
  static IEnumerable<TypeDefinition> All(IEnumerable<TypeDefinition> types) {
    foreach (var t in types) { yield return t; foreach (var n in All(t.NestedTypes)) yield return n; }
  }

  static string Id(MethodDefinition m) { return m.MetadataToken.ToUInt32().ToString("x8"); }

  // a sequence point the compiler hides (line 0xfeefee) says nothing about the source
  static bool Shown(SequencePoint sp) { return sp != null && sp.StartLine != 0xfeefee && sp.Document != null; }

  static void Main(string[] args) {
    var module = ModuleDefinition.ReadModule(args[0], new ReaderParameters { ReadSymbols = true, SymbolReaderProvider = new MdbReaderProvider() });
    var types = All(module.Types).ToList();
    foreach (var t in types) foreach (var m in t.Methods) {
      string bas = "-";
      try { var b = m.GetBaseMethod(); if (b != null && b != m && b.Module == module) bas = Id(b); } catch (Exception) { }
      var pts = new List<string>();
      if (m.HasBody) foreach (var ins in m.Body.Instructions) if (Shown(ins.SequencePoint)) pts.Add(ins.SequencePoint.Document.Url + ":" + ins.SequencePoint.StartLine);
      Console.WriteLine("M\t" + Id(m) + "\t" + t.FullName + "\t" + m.Name + "\t" + m.Parameters.Count + "\t" + bas + "\t" + string.Join(";", pts.Distinct()));
    }
    foreach (var t in types) foreach (var m in t.Methods) {
      if (!m.HasBody) continue;
      SequencePoint at = null;
      foreach (var ins in m.Body.Instructions) {
        if (Shown(ins.SequencePoint)) at = ins.SequencePoint;
        var op = ins.OpCode.Code;
        if (op != Code.Call && op != Code.Callvirt && op != Code.Newobj && op != Code.Ldftn && op != Code.Ldvirtftn) continue;
        if (at == null) continue;
        var r = ins.Operand as MethodReference;
        if (r == null) continue;
        string callee = "-";
        var def = r.GetElementMethod();
        if (def.DeclaringType.GetElementType().Scope == module) {
          try { var d = def.Resolve(); if (d != null && d.Module == module) callee = Id(d); } catch (Exception) { }
        }
        Console.WriteLine("C\t" + at.Document.Url + "\t" + at.StartLine + "\t" + at.EndLine + "\t" + ins.OpCode.Name + "\t" + callee + "\t" + r.Name + "\t" + r.DeclaringType.GetElementType().Name + "\t" + Id(m));
      }
    }
    foreach (var t in types) foreach (var m in t.Methods) {
      if (!m.HasBody || m.IsStatic || m.Name != ".ctor" || t.BaseType == null) continue;
      var bas = t.BaseType.GetElementType().FullName;
      foreach (var ins in m.Body.Instructions) {
        var r = ins.OpCode.Code == Code.Call ? ins.Operand as MethodReference : null;
        if (r == null || r.Name != ".ctor") continue;
        var owner = r.DeclaringType.GetElementType();
        if (owner.FullName != bas && owner.FullName != t.FullName) continue;
        string callee = "-";
        if (owner.Scope == module) { try { var d = r.GetElementMethod().Resolve(); if (d != null && d.Module == module) callee = Id(d); } catch (Exception) { } }
        Console.WriteLine("D\t" + Id(m) + "\t" + callee + "\t" + owner.Name);
        break;
      }
    }
  }
}
