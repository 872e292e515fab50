package golang

import "testing"

func TestAn(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"orderid ID": "an orderid ID", "ulid ID": "a ulid ID", "uuidv7 ID": "a uuidv7 ID",
		"ID": "an ID", "KSUID": "a KSUID", "UUID": "a UUID", "ULID": "a ULID", "NullID": "a NullID",
		"SQL type": "an SQL type", "event ID": "an event ID", "instagram ID": "an instagram ID",
		"80-bit counter": "an 80-bit counter", "8-bit counter": "an 8-bit counter", "16-bit counter": "a 16-bit counter",
		"11-bit": "an 11-bit", "18-bit": "an 18-bit", "1-bit": "a 1-bit", "128-bit ID": "a 128-bit ID",
		"64-bit ID": "a 64-bit ID", "800-bit": "an 800-bit", "110-bit": "a 110-bit", "OrderID": "an OrderID",
		"": "",
	} {
		if got := an(in); got != want {
			t.Errorf("an(%q) = %q, want %q", in, got, want)
		}
	}
}
