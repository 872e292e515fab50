package uuid

import (
	"errors"
	"fmt"
)

// The name-space UUIDs of RFC 9562 section 6.6, for NewV3, NewV5 and
// NewV8SHA256. They are functions, as Nil and Max are, rather than
// variables that any caller could change for every other: each call
// returns a copy.

// NamespaceDNS returns 6ba7b810-9dad-11d1-80b4-00c04fd430c8, the name space
// of fully qualified domain names.
func NamespaceDNS() UUID { return namespace(0x10) }

// NamespaceURL returns 6ba7b811-9dad-11d1-80b4-00c04fd430c8, the name space
// of URLs.
func NamespaceURL() UUID { return namespace(0x11) }

// NamespaceOID returns 6ba7b812-9dad-11d1-80b4-00c04fd430c8, the name space
// of ISO object identifiers.
func NamespaceOID() UUID { return namespace(0x12) }

// NamespaceX500 returns 6ba7b814-9dad-11d1-80b4-00c04fd430c8, the name space
// of X.500 distinguished names.
func NamespaceX500() UUID { return namespace(0x14) }

// namespace returns the name-space UUID of RFC 9562 section 6.6 whose
// fourth byte is b: they differ in that byte alone.
func namespace(b byte) UUID {
	return UUID{0x6b, 0xa7, 0xb8, b, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8}
}

// ErrVersion means a UUID is not of the version an operation needs.
var ErrVersion = errors.New("uuid: wrong version")

// V1ToV6 returns the UUIDv6 with the same timestamp, clock sequence and node
// as a UUIDv1 (RFC 9562 section 5.6): the conversion loses nothing, and
// V6ToV1 undoes it. It returns ErrVersion for any other UUID.
func V1ToV6(u UUID) (UUID, error) {
	if !u.isV1() {
		return UUID{}, fmt.Errorf("%w: %v is version %d, not 1", ErrVersion, [16]byte(u), u.Version())
	}
	return packV6(V6Fields(u.V1())), nil
}

// V6ToV1 returns the UUIDv1 with the same timestamp, clock sequence and node
// as a UUIDv6. It returns ErrVersion for any other UUID.
func V6ToV1(u UUID) (UUID, error) {
	if !u.isV6() {
		return UUID{}, fmt.Errorf("%w: %v is version %d, not 6", ErrVersion, [16]byte(u), u.Version())
	}
	return packV1(V1Fields(u.V6())), nil
}

// Variant is the layout family a UUID's variant bits, the top bits of its
// octet 8, name (RFC 9562 section 4.1, table 1).
type Variant int

// The variants of RFC 9562 table 1.
const (
	// VariantNCS is 0b0xxx: the NCS backward-compatible layout, and the
	// variant of Nil.
	VariantNCS Variant = iota
	// VariantRFC9562 is 0b10xx: the layout of RFC 9562 (and RFC 4122) that
	// every version in this package has.
	VariantRFC9562
	// VariantMicrosoft is 0b110x: Microsoft's backward-compatible GUIDs.
	VariantMicrosoft
	// VariantFuture is 0b111x: reserved for the future, and the variant of
	// Max.
	VariantFuture
)

var variantNames = [...]string{"NCS", "RFC 9562", "Microsoft", "Future"}

// String returns the variant's name, such as "RFC 9562".
func (v Variant) String() string {
	if v >= 0 && int(v) < len(variantNames) {
		return variantNames[v]
	}
	return fmt.Sprintf("Variant(%d)", int(v))
}

// Variant returns the variant that id's variant bits give. Every UUID
// that NewV1 to NewV8SHA256 and PackV1 to PackV8 make is VariantRFC9562;
// Version only means what RFC 9562 says for those.
func (id UUID) Variant() Variant {
	switch b := id[8]; {
	case b&0x80 == 0:
		return VariantNCS
	case b&0xc0 == 0x80:
		return VariantRFC9562
	case b&0xe0 == 0xc0:
		return VariantMicrosoft
	}
	return VariantFuture
}
