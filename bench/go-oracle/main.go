// Command go-oracle prints the static callee of every call in the Go packages under a folder, as go/types sees
// it: one JSON object per line with the call's position (the called name's identifier), and the callee's
// declaration (file, line, column of its name) when the callee is a declared function or method, else what the
// call is (builtin, conversion, a call of a function value, a callee outside the folder). It is the oracle of
// bench/go-callgraph-diff.ts; packages are found as `go build` finds them in GOPATH mode (GOPATH set by the
// caller), standard library ones from source. With -implements it prints instead, for every named non-interface
// type of the folder and every interface of the folder with methods (neither generic), the pairs where the type or
// a pointer to it implements the interface: {"type": position of the type's name, "iface": the interface's}.
package main

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

type pos struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
}

type record struct {
	pos
	Name   string `json:"name"`
	Kind   string `json:"kind"`
	Callee *pos   `json:"callee,omitempty"`
	Target string `json:"target,omitempty"`
}

func main() {
	args := os.Args[1:]
	implements := len(args) == 2 && args[0] == "-implements"
	if implements {
		args = args[1:]
	}
	if len(args) != 1 {
		fmt.Fprintln(os.Stderr, "usage: go-oracle [-implements] <folder>")
		os.Exit(2)
	}
	root, _ := filepath.Abs(args[0])
	var dirs []string
	filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err == nil && info.IsDir() {
			base := filepath.Base(p)
			if p != root && (strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_") || base == "testdata" || base == "vendor") {
				return filepath.SkipDir
			}
			dirs = append(dirs, p)
		}
		return nil
	})
	sort.Strings(dirs)
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil)
	out := json.NewEncoder(os.Stdout)
	if implements {
		printImplements(root, dirs, fset, imp.(types.ImporterFrom), out)
		return
	}
	for _, dir := range dirs {
		bp, err := build.ImportDir(dir, 0)
		if err != nil {
			continue
		}
		var files []*ast.File
		for _, name := range bp.GoFiles {
			f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, 0)
			if err == nil {
				files = append(files, f)
			}
		}
		if len(files) == 0 {
			continue
		}
		info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}}
		conf := types.Config{Importer: imp.(types.ImporterFrom), Error: func(error) {}}
		conf.Check(bp.ImportPath, fset, files, info)
		rel := func(p token.Pos) (pos, bool) {
			q := fset.Position(p)
			r, err := filepath.Rel(root, q.Filename)
			if err != nil || strings.HasPrefix(r, "..") {
				return pos{}, false
			}
			return pos{filepath.ToSlash(r), q.Line, q.Column}, true
		}
		for _, f := range files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				fun := unparen(call.Fun)
				if ix, ok := fun.(*ast.IndexExpr); ok {
					fun = ix.X
				} else if ix, ok := fun.(*ast.IndexListExpr); ok {
					fun = ix.X
				}
				var id *ast.Ident
				switch x := fun.(type) {
				case *ast.Ident:
					id = x
				case *ast.SelectorExpr:
					id = x.Sel
				default:
					if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
						return true
					}
					at, _ := rel(call.Lparen)
					out.Encode(record{pos: at, Kind: "dynamic"})
					return true
				}
				at, _ := rel(id.Pos())
				rec := record{pos: at, Name: id.Name}
				switch obj := info.Uses[id].(type) {
				case *types.Builtin:
					rec.Kind = "builtin"
				case *types.TypeName:
					rec.Kind = "conversion"
				case *types.Var:
					rec.Kind = "dynamic"
				case *types.Func:
					rec.Kind = "func"
					if sig, ok := obj.Type().(*types.Signature); ok && sig.Recv() != nil {
						rec.Kind = "method"
						if types.IsInterface(sig.Recv().Type()) {
							rec.Kind = "interface"
						}
					}
					if p, ok := rel(obj.Pos()); ok {
						rec.Callee = &p
					} else {
						rec.Target = "external"
					}
				case nil:
					rec.Kind = "unknown"
				default:
					rec.Kind = "other"
				}
				out.Encode(rec)
				return true
			})
		}
	}
}

func unparen(e ast.Expr) ast.Expr {
	for {
		p, ok := e.(*ast.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

type implRecord struct {
	Type  pos `json:"type"`
	Iface pos `json:"iface"`
}

// printImplements lists the implementations among the folder's named types. Every package comes from the one
// importer, so a type another package names is the same object in both.
func printImplements(root string, dirs []string, fset *token.FileSet, imp types.ImporterFrom, out *json.Encoder) {
	var named []*types.TypeName
	for _, dir := range dirs {
		bp, err := build.ImportDir(dir, 0)
		if err != nil || len(bp.GoFiles) == 0 {
			continue
		}
		pkg, err := imp.ImportFrom(bp.ImportPath, dir, 0)
		if err != nil || pkg == nil {
			continue
		}
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			if tn, ok := scope.Lookup(name).(*types.TypeName); ok && !tn.IsAlias() {
				if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() == 0 {
					named = append(named, tn)
				}
			}
		}
	}
	at := func(o types.Object) (pos, bool) {
		q := fset.Position(o.Pos())
		r, err := filepath.Rel(root, q.Filename)
		if err != nil || strings.HasPrefix(r, "..") {
			return pos{}, false
		}
		return pos{filepath.ToSlash(r), q.Line, q.Column}, true
	}
	for _, i := range named {
		iface, ok := i.Type().Underlying().(*types.Interface)
		if !ok || iface.NumMethods() == 0 || !iface.IsMethodSet() {
			continue
		}
		ip, ok := at(i)
		if !ok {
			continue
		}
		for _, t := range named {
			if types.IsInterface(t.Type()) {
				continue
			}
			if types.Implements(t.Type(), iface) || types.Implements(types.NewPointer(t.Type()), iface) {
				if tp, ok := at(t); ok {
					out.Encode(implRecord{Type: tp, Iface: ip})
				}
			}
		}
	}
}
