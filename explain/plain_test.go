package explain

import "testing"

func TestPlain(t *testing.T) {
	for in, want := range map[string]string{
		"layouts: no such built-in layout: \"v9\"":            "no such built-in layout: \"v9\"",
		"\"x\" is not a nil ID: interp: constant bits differ": "\"x\" is not a nil ID: constant bits differ",
		"compat: the UUID holds no time: version 4":           "the UUID holds no time: version 4",
		"uuidv7: UUID text of length 35":                      "uuidv7: UUID text of length 35",
		"ksuid: invalid length":                               "ksuid: invalid length",
		"a note: idrt: counter exhausted":                     "a note: counter exhausted",
		"flayouts: x":                                         "flayouts: x",
		"":                                                    "",
	} {
		if got := Plain(in); got != want {
			t.Errorf("Plain(%q) = %q, want %q", in, got, want)
		}
	}
}
