package bench

import (
	"testing"

	jetify "go.jetify.com/typeid"

	"github.com/idforge/idforge/typeid"
	"github.com/idforge/idforge/uuid"
)

const typeIDText = "user_01h455vb4pex5vsknk084sn02q"

var (
	sinkTypeID     typeid.TypeID
	sinkTypeIDUser typeid.Of[userPrefix]
	sinkJetify     jetify.AnyID
	sinkJetifyUser jetifyUserID
)

type userPrefix struct{}

func (userPrefix) Prefix() string { return "user" }

type jetifyUserID struct{ jetify.TypeID[userPrefix] }

func BenchmarkTypeIDParse(b *testing.B) {
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkTypeID, _ = typeid.Parse(typeIDText)
		}
	})
	b.Run("impl=jetify", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkJetify, _ = jetify.FromString(typeIDText)
		}
	})
}

// The typed forms: idforge's Of[P] and jetify's subtype.
func BenchmarkTypeIDParseTyped(b *testing.B) {
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkTypeIDUser, _ = typeid.ParseOf[userPrefix](typeIDText)
		}
	})
	b.Run("impl=jetify", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkJetifyUser, _ = jetify.Parse[jetifyUserID](typeIDText)
		}
	})
}

func BenchmarkTypeIDString(b *testing.B) {
	t := typeid.MustParse(typeIDText)
	j, _ := jetify.FromString(typeIDText)
	if t.String() != typeIDText || j.String() != typeIDText {
		b.Fatal(t, j)
	}
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = t.String()
		}
	})
	b.Run("impl=jetify", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = j.String()
		}
	})
}

func BenchmarkTypeIDNew(b *testing.B) {
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkTypeID, _ = typeid.New("user")
		}
	})
	b.Run("impl=jetify", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkJetify, _ = jetify.WithPrefix("user")
		}
	})
}

func BenchmarkTypeIDFromUUID(b *testing.B) {
	u := uuid.MustParse("01890a5d-ac96-774b-bcce-b302099a8057")
	b.Run("impl=idforge", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkTypeID, _ = typeid.FromUUID("user", u)
		}
	})
	b.Run("impl=jetify", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkJetify, _ = jetify.FromUUIDBytesWithPrefix("user", u[:])
		}
	})
}
