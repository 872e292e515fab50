module github.com/idforge/idforge/interop/cmd/league/testdata/gofrs

go 1.25

require github.com/gofrs/uuid/v5 v5.5.1
