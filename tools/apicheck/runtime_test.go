package apicheck

import (
	"go/importer"
	"go/token"
	"go/types"
	"testing"
)

// stablePackages are the packages whose API is stable: programs call them.
// Package idrt, which only generated code calls, makes no such promise, so
// none of them names one of its types, in an exported declaration, a field,
// a method or a parameter, where a program would come to depend on it.
var stablePackages = []string{"uuid", "ksuid", "ulid", "snowflake", "store", "lease", "layouts", "interp", "mask"}

const module = "github.com/idforge/idforge/"

func TestStableAPINamesNoRuntimeType(t *testing.T) {
	imp := importer.ForCompiler(token.NewFileSet(), "source", nil)
	for _, name := range stablePackages {
		pkg, err := imp.Import(module + name)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range pkg.Scope().Names() {
			obj := pkg.Scope().Lookup(n)
			if !obj.Exported() {
				continue
			}
			where := name + "." + n
			checkRuntimeFree(t, where, obj.Type(), map[types.Type]bool{})
			if tn, ok := obj.(*types.TypeName); ok {
				checkRuntimeFree(t, where, tn.Type().Underlying(), map[types.Type]bool{})
				for m := range types.NewMethodSet(types.NewPointer(tn.Type())).Methods() {
					if m.Obj().Exported() {
						checkRuntimeFree(t, where+"."+m.Obj().Name(), m.Type(), map[types.Type]bool{})
					}
				}
			}
		}
	}
}

// checkRuntimeFree reports each type of package idrt that t names, other
// than through the underlying type of another package's named type, and
// what in an unexported struct field or interface method.
func checkRuntimeFree(t *testing.T, where string, typ types.Type, seen map[types.Type]bool) {
	if seen[typ] {
		return
	}
	seen[typ] = true
	switch typ := typ.(type) {
	case *types.Named:
		if p := typ.Obj().Pkg(); p != nil && p.Path() == module+"idrt" {
			t.Errorf("%s names idrt.%s", where, typ.Obj().Name())
		}
		for a := range typ.TypeArgs().Types() {
			checkRuntimeFree(t, where, a, seen)
		}
	case *types.Pointer:
		checkRuntimeFree(t, where, typ.Elem(), seen)
	case *types.Slice:
		checkRuntimeFree(t, where, typ.Elem(), seen)
	case *types.Array:
		checkRuntimeFree(t, where, typ.Elem(), seen)
	case *types.Chan:
		checkRuntimeFree(t, where, typ.Elem(), seen)
	case *types.Map:
		checkRuntimeFree(t, where, typ.Key(), seen)
		checkRuntimeFree(t, where, typ.Elem(), seen)
	case *types.Signature:
		for v := range typ.Params().Variables() {
			checkRuntimeFree(t, where, v.Type(), seen)
		}
		for v := range typ.Results().Variables() {
			checkRuntimeFree(t, where, v.Type(), seen)
		}
	case *types.Struct:
		for f := range typ.Fields() {
			if f.Exported() {
				checkRuntimeFree(t, where+"."+f.Name(), f.Type(), seen)
			}
		}
	case *types.Interface:
		for m := range typ.Methods() {
			if m.Exported() {
				checkRuntimeFree(t, where+"."+m.Name(), m.Type(), seen)
			}
		}
	}
}
