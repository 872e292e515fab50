package uuid_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/idforge/idforge/uuid"
)

func ExampleParse() {
	for _, s := range []string{
		"017F22E2-79B0-7CC3-98C4-DC0C0C07398F",
		"017f22e279b07cc398c4dc0c0c07398f",
		"{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}",
		"urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
	} {
		id, err := uuid.Parse(s)
		fmt.Println(id, id.Version(), err)
	}
	// Output:
	// 017f22e2-79b0-7cc3-98c4-dc0c0c07398f 7 <nil>
	// 017f22e2-79b0-7cc3-98c4-dc0c0c07398f 7 <nil>
	// 017f22e2-79b0-7cc3-98c4-dc0c0c07398f 7 <nil>
	// 017f22e2-79b0-7cc3-98c4-dc0c0c07398f 7 <nil>
}

func ExampleParse_errors() {
	_, err := uuid.Parse("017f22e2-79b0-7cc3-98c4-dc0c0c07398g")
	var se *uuid.SyntaxError
	fmt.Println(errors.Is(err, uuid.ErrSyntax), errors.As(err, &se), se.Pos)
	_, err = uuid.Parse(" 017f22e2-79b0-7cc3-98c4-dc0c0c07398f")
	fmt.Println(errors.Is(err, uuid.ErrLength))
	// Output:
	// true true 35
	// true
}

// A UUIDv7 as 22 Base62 characters sorts exactly like its bytes.
func ExampleUUID_Base62() {
	id := uuid.MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")
	s := id.Base62()
	back, _ := uuid.ParseBase62(s)
	fmt.Println(s, back == id)
	fmt.Println(uuid.Max().Base62())
	// Output:
	// 02p5oQZoHTv0zeY5yG21K3 true
	// 7n42DGM5Tflk9n8mt7Fhc7
}

func ExampleUUID_Crockford() {
	id := uuid.MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")
	fmt.Println(id.Crockford())
	// Output: 01FWHE4YDGFK1SHH6W1G60EECF
}

func ExampleUUID_URN() {
	fmt.Println(uuid.NamespaceDNS().URN())
	// Output: urn:uuid:6ba7b810-9dad-11d1-80b4-00c04fd430c8
}

func ExampleUUID_MarshalJSON() {
	type order struct {
		ID     uuid.UUID     `json:"id"`
		Parent uuid.NullUUID `json:"parent"`
	}
	data, _ := json.Marshal(order{ID: uuid.MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")})
	fmt.Println(string(data))
	// Output: {"id":"017f22e2-79b0-7cc3-98c4-dc0c0c07398f","parent":null}
}

// Scan reads what database drivers return for a uuid, text or binary
// column; a nullable column needs a NullUUID.
func ExampleUUID_Scan() {
	var id uuid.UUID
	err := id.Scan("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")
	fmt.Println(id, err)
	err = id.Scan(nil)
	fmt.Println(errors.Is(err, uuid.ErrNull))
	var n uuid.NullUUID
	err = n.Scan(nil)
	fmt.Println(n.Valid, err)
	// Output:
	// 017f22e2-79b0-7cc3-98c4-dc0c0c07398f <nil>
	// true
	// false <nil>
}
