package lease_test

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/idforge/idforge/lease"
)

// ordinalSpace is Snowflake's node space: 10 bits, 1,024 nodes.
var ordinalSpace = lease.Space{Layout: "snowflake", Epoch: time.UnixMilli(1288834974657), NodeBits: 10}

func TestOrdinalFromHostname(t *testing.T) {
	for _, c := range []struct {
		host string
		want uint64
	}{
		{"web-0", 0},
		{"web-3", 3},
		{"id-gen-1023", 1023},
		{"web-7.web.default.svc.cluster.local", 7},
		{"my-app-v2-12", 12},
	} {
		got, err := lease.OrdinalFromHostname(c.host, ordinalSpace)
		if err != nil || got != c.want {
			t.Errorf("OrdinalFromHostname(%q) = %d, %v; want %d", c.host, got, err, c.want)
		}
	}
}

// The refusals: each an ErrOrdinal that names the value, and for an
// ordinal outside the space the space's size and what to do.
func TestOrdinalRefused(t *testing.T) {
	for _, c := range []struct {
		host  string
		space lease.Space
		names []string
	}{
		{"web-1024", ordinalSpace, []string{`"web-1024"`, "ordinal 1024", "holds 1024 nodes", "0 to 1023", "at most 1024 replicas"}},
		{"web-4", lease.Space{Layout: "tiny", NodeBits: 2}, []string{"ordinal 4", "holds 4 nodes"}},
		{"web-18446744073709551616", ordinalSpace, []string{"too large"}},
		{"localhost", ordinalSpace, []string{`"localhost"`, "<statefulset>-<ordinal>", lease.PodIndexEnv}},
		{"-3", ordinalSpace, []string{`"-3"`, "<statefulset>-<ordinal>"}},
		{"web-", ordinalSpace, []string{`"web-"`, "no digits"}},
		{"web-x1", ordinalSpace, []string{`"web-x1"`, "not a decimal number"}},
		{"web-+1", ordinalSpace, []string{"not a decimal number"}},
		{"web-01", ordinalSpace, []string{"leading zero"}},
		{"", ordinalSpace, []string{`""`}},
	} {
		n, err := lease.OrdinalFromHostname(c.host, c.space)
		if !errors.Is(err, lease.ErrOrdinal) {
			t.Errorf("OrdinalFromHostname(%q) = %d, %v; want ErrOrdinal", c.host, n, err)
			continue
		}
		for _, s := range c.names {
			if !strings.Contains(err.Error(), s) {
				t.Errorf("OrdinalFromHostname(%q): %q does not say %q", c.host, err, s)
			}
		}
	}
	if _, err := lease.OrdinalFromHostname("web-1", lease.Space{}); !errors.Is(err, lease.ErrSpace) {
		t.Errorf("a zero space: %v; want ErrSpace", err)
	}
}

// StatefulSetOrdinal reads IDFORGE_POD_INDEX first, then HOSTNAME, then the
// host's name.
func TestStatefulSetOrdinal(t *testing.T) {
	t.Setenv("HOSTNAME", "web-5")
	os.Unsetenv(lease.PodIndexEnv)
	if n, err := lease.StatefulSetOrdinal(ordinalSpace); n != 5 || err != nil {
		t.Errorf("HOSTNAME=web-5: %d, %v; want 5", n, err)
	}
	t.Setenv(lease.PodIndexEnv, "9")
	if n, err := lease.StatefulSetOrdinal(ordinalSpace); n != 9 || err != nil {
		t.Errorf("%s=9 beside HOSTNAME=web-5: %d, %v; want 9", lease.PodIndexEnv, n, err)
	}
	for _, v := range []string{"", "x", "-1", "1024", "007"} {
		t.Setenv(lease.PodIndexEnv, v)
		n, err := lease.StatefulSetOrdinal(ordinalSpace)
		if !errors.Is(err, lease.ErrOrdinal) || !strings.Contains(err.Error(), lease.PodIndexEnv+`="`+v+`"`) {
			t.Errorf("%s=%q: %d, %v; want ErrOrdinal naming it", lease.PodIndexEnv, v, n, err)
		}
	}
	os.Unsetenv(lease.PodIndexEnv)
	t.Setenv("HOSTNAME", "")
	host, err := os.Hostname()
	if err != nil {
		t.Skip(err)
	}
	want, werr := lease.OrdinalFromHostname(host, ordinalSpace)
	n, err := lease.StatefulSetOrdinal(ordinalSpace)
	if n != want || (err == nil) != (werr == nil) {
		t.Errorf("with no HOSTNAME: %d, %v; the host's name %q gives %d, %v", n, err, host, want, werr)
	}
}
