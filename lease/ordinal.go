package lease

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// ErrOrdinal means a StatefulSet ordinal that cannot serve as a node
// number: the pod's name is not a StatefulSet pod's (<statefulset>-<ordinal>),
// the pod index is not a number, or the ordinal is outside the layout's
// node space. The error names the value, the size of the space and the fix.
var ErrOrdinal = errors.New("lease: no StatefulSet ordinal for this node space")

// PodIndexEnv is the environment variable StatefulSetOrdinal reads first:
// the pod's index in its StatefulSet, which Kubernetes 1.28 and later put
// in the pod's label apps.kubernetes.io/pod-index. Kubernetes sets no such
// variable itself; map the label to it with the downward API:
//
//	env:
//	- name: IDFORGE_POD_INDEX
//	  valueFrom:
//	    fieldRef:
//	      fieldPath: metadata.labels['apps.kubernetes.io/pod-index']
const PodIndexEnv = "IDFORGE_POD_INDEX"

// ordinalFix is what every ErrOrdinal of a value that does not parse says
// to do.
const ordinalFix = "run the generator in a StatefulSet's pod, whose name is <statefulset>-<ordinal>, or map the label apps.kubernetes.io/pod-index to " + PodIndexEnv + " with the downward API, or lease node numbers from PostgreSQL or etcd instead"

// StatefulSetOrdinal returns the node number of this pod of a Kubernetes
// StatefulSet: its ordinal. It reads PodIndexEnv if it is set, else the
// pod's name from the environment variable HOSTNAME, which Kubernetes sets
// to it, else the host's name (os.Hostname), and takes the ordinal from the
// name's last "-". It returns an error matching ErrOrdinal, naming the
// value, the size of the space and the fix, when the value is not a
// StatefulSet pod's, or its ordinal is not a node of space.
//
// A StatefulSet runs at most one pod of each ordinal, so the ordinal serves
// as a node number with no lease, as long as the StatefulSet's replicas
// (plus its ordinals' start) fit the space, no other generator of the
// layout uses the same numbers, and nobody force-deletes a pod whose node
// may still be running. A pod that restarts on the same ordinal makes IDs
// on the same node again: its layout's clock, not a high-water mark, must
// keep them apart, as for any fixed node.
func StatefulSetOrdinal(space Space) (uint64, error) {
	if err := space.check(); err != nil {
		return 0, err
	}
	if v, ok := os.LookupEnv(PodIndexEnv); ok {
		return podIndex(v, space)
	}
	host := os.Getenv("HOSTNAME")
	if host == "" {
		h, err := os.Hostname()
		if err != nil {
			return 0, fmt.Errorf("%w: HOSTNAME is not set and the host's name cannot be read (%v): %s", ErrOrdinal, err, ordinalFix)
		}
		host = h
	}
	return OrdinalFromHostname(host, space)
}

// OrdinalFromHostname returns the ordinal of a StatefulSet pod's name (or
// its host name, the name followed by a domain): the decimal number after
// the last "-" of its first label, "web-3" or "web-3.web.default.svc" giving
// 3, checked to be a node of space. It returns an error matching ErrOrdinal
// for a name that is not <statefulset>-<ordinal> (no "-", nothing before
// it, anything but digits after it, or a leading zero, which no
// StatefulSet writes) and for an ordinal outside the space.
func OrdinalFromHostname(hostname string, space Space) (uint64, error) {
	if err := space.check(); err != nil {
		return 0, err
	}
	name, _, _ := strings.Cut(hostname, ".")
	i := strings.LastIndexByte(name, '-')
	if i <= 0 {
		return 0, fmt.Errorf("%w: the host name %q is not a StatefulSet pod's name, <statefulset>-<ordinal>: %s", ErrOrdinal, hostname, ordinalFix)
	}
	n, err := ordinal(name[i+1:])
	if err != nil {
		return 0, fmt.Errorf("%w: the host name %q does not end in a StatefulSet ordinal (%v): %s", ErrOrdinal, hostname, err, ordinalFix)
	}
	return fits(n, fmt.Sprintf("the host name %q", hostname), space)
}

// podIndex reads the value of PodIndexEnv.
func podIndex(v string, space Space) (uint64, error) {
	n, err := ordinal(v)
	if err != nil {
		return 0, fmt.Errorf("%w: %s=%q is not a pod index (%v): %s", ErrOrdinal, PodIndexEnv, v, err, ordinalFix)
	}
	return fits(n, fmt.Sprintf("%s=%q", PodIndexEnv, v), space)
}

// ordinal reads a StatefulSet ordinal: decimal digits, with no sign and no
// leading zero.
func ordinal(s string) (uint64, error) {
	if s == "" {
		return 0, errors.New("no digits")
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, fmt.Errorf("%q is not a decimal number", s)
		}
	}
	if len(s) > 1 && s[0] == '0' {
		return 0, fmt.Errorf("%q has a leading zero", s)
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is too large", s)
	}
	return n, nil
}

// fits checks that the ordinal n, read from what, is a node of space.
func fits(n uint64, what string, space Space) (uint64, error) {
	if n >= space.Size() {
		return 0, fmt.Errorf("%w: ordinal %d, from %s, is outside the node space %s, which holds %d nodes, 0 to %d: run at most %d replicas (counting the StatefulSet's ordinals.start), or lease node numbers from PostgreSQL or etcd instead",
			ErrOrdinal, n, what, space, space.Size(), space.Size()-1, space.Size())
	}
	return n, nil
}
