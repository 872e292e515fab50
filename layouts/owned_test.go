package layouts_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/idforge/idforge/layouts"
)

// scribble changes every value reachable from v in place: every string,
// number and bool, every element of every slice and map, every time, through
// pointers. Applied to a layout, it changes everything a caller could reach.
func scribble(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			scribble(v.Elem())
		}
		return
	}
	if !v.CanSet() {
		return
	}
	if v.Type() == reflect.TypeFor[time.Time]() {
		v.Set(reflect.ValueOf(time.Date(2058, 1, 1, 0, 0, 0, 0, time.UTC)))
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(v.String() + "!")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(v.Int() + 1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(v.Uint() + 1)
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Struct:
		for i := range v.NumField() {
			scribble(v.Field(i))
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			scribble(v.Index(i))
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(v.MapIndex(k))
			scribble(e)
			v.SetMapIndex(k, e)
		}
	}
}

// parsed is the layout as its embedded spec reads now, the reference a
// layout handed out must still equal.
func parsed(t *testing.T, name string) *layouts.Layout {
	t.Helper()
	src, err := layouts.BuiltinSpec(name)
	if err != nil {
		t.Fatal(err)
	}
	l, err := layouts.Parse("layouts/"+name+".layout", src)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// What Builtin and Builtins return belongs to the caller: changing all of it,
// nested slices included, changes nothing that a later Builtin, Builtins or
// another caller's layout shows.
func TestBuiltinsBelongToTheCaller(t *testing.T) {
	all, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	held := make([]*layouts.Layout, len(all)) // another caller's copies, taken before
	for i, l := range all {
		held[i] = builtin(t, l.Name)
	}
	for _, l := range all {
		scribble(reflect.ValueOf(builtin(t, l.Name)))
		scribble(reflect.ValueOf(l))
	}
	again, err := layouts.Builtins()
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range again {
		want := parsed(t, l.Name)
		if !reflect.DeepEqual(l, want) {
			t.Errorf("Builtins()[%d] (%s) changed after a caller changed its copy", i, l.Name)
		}
		if b := builtin(t, l.Name); !reflect.DeepEqual(b, want) {
			t.Errorf("Builtin(%q) changed after a caller changed its copy", l.Name)
		}
		if !reflect.DeepEqual(held[i], want) {
			t.Errorf("another caller's %s changed", l.Name)
		}
	}
	if reflect.DeepEqual(all[0], again[0]) {
		t.Fatal("scribble changed nothing: the test tests nothing")
	}
}

// A clone shares nothing with its original, in either direction.
func TestCloneSharesNothing(t *testing.T) {
	for _, name := range []string{"uuidv1", "uuidv7", "ksuid-ms", "snowflake"} {
		l := builtin(t, name)
		c := l.Clone()
		if !reflect.DeepEqual(l, c) {
			t.Fatalf("%s: the clone differs", name)
		}
		scribble(reflect.ValueOf(c))
		if !reflect.DeepEqual(l, parsed(t, name)) {
			t.Errorf("%s: changing the clone changed the original", name)
		}
		c = l.Clone()
		scribble(reflect.ValueOf(l))
		if !reflect.DeepEqual(c, parsed(t, name)) {
			t.Errorf("%s: changing the original changed the clone", name)
		}
	}
}

// The epochs are functions: there is nothing a caller could reassign.
func TestEpochs(t *testing.T) {
	if got := layouts.UnixEpoch(); !got.Equal(time.Unix(0, 0)) {
		t.Errorf("UnixEpoch() = %v", got)
	}
	if got := layouts.GregorianEpoch(); got.Unix() != -12219292800 {
		t.Errorf("GregorianEpoch() = %v", got)
	}
}
