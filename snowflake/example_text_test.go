package snowflake_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/idforge/idforge/snowflake"
)

func ExampleParse() {
	id, err := snowflake.Parse("1541815603606036480")
	fmt.Println(id.Time(), id.Fields().Node, err)
	// Output: 2022-06-28 16:07:40.105 +0000 UTC 378 <nil>
}

// Only the decimal that String writes is read: no sign, no leading zeros.
func ExampleParse_errors() {
	for _, s := range []string{"-1", "01", "9223372036854775808"} {
		_, err := snowflake.Parse(s)
		fmt.Println(errors.Is(err, snowflake.ErrSyntax), errors.Is(err, snowflake.ErrOverflow))
	}
	// Output:
	// true false
	// true false
	// false true
}

// Base62 gives 11 characters that sort as the IDs do.
func ExampleID_Base62() {
	id := snowflake.MustParse("1541815603606036480")
	fmt.Println(id.Base62())
	// Output: 1ptWyK4WgZU
}

// JSON carries IDs as strings: JavaScript would round them as numbers. An
// ID that an API sends as a JSON number is read too.
func ExampleID_MarshalJSON() {
	data, _ := json.Marshal(map[string]snowflake.ID{"id": 1541815603606036480})
	fmt.Println(string(data))
	var v struct{ ID snowflake.ID }
	err := json.Unmarshal([]byte(`{"ID": 1541815603606036480}`), &v)
	fmt.Println(v.ID, err)
	err = json.Unmarshal([]byte(`{"ID": 1.5}`), &v)
	fmt.Println(errors.Is(err, snowflake.ErrSyntax))
	// Output:
	// {"id":"1541815603606036480"}
	// 1541815603606036480 <nil>
	// true
}
