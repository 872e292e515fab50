package typeid_test

import (
	"testing"

	"github.com/idforge/idforge/typeid"
	"github.com/idforge/idforge/uuid"
)

var (
	sinkTypeID typeid.TypeID
	sinkUUID   uuid.UUID
	sinkBytes  []byte
	sinkUser   userID
)

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkTypeID, _ = typeid.Parse(v7Text)
	}
}

// The floor: decoding the suffix alone.
func BenchmarkParseCrockford(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkUUID, _ = uuid.ParseCrockford(v7Text[5:])
	}
}

func BenchmarkAppendText(b *testing.B) {
	id := typeid.MustParse(v7Text)
	buf := make([]byte, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		sinkBytes, _ = id.AppendText(buf[:0])
	}
}

func BenchmarkFromUUID(b *testing.B) {
	u := uuid.MustParse(v7UUID)
	b.ReportAllocs()
	for b.Loop() {
		sinkTypeID, _ = typeid.FromUUID("user", u)
	}
}

func BenchmarkParseOf(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkUser, _ = typeid.ParseOf[userPrefix](v7Text)
	}
}
