module github.com/idforge/idforge

go 1.26.0

require (
	github.com/bwmarrin/snowflake v0.3.0 // indirect
	github.com/dave/jennifer v1.7.1 // indirect
	github.com/gofrs/uuid/v5 v5.5.1 // indirect
	github.com/google/go-cmp v0.7.0 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/oklog/ulid/v2 v2.1.2 // indirect
	github.com/segmentio/ksuid v1.0.4 // indirect
	github.com/sony/sonyflake v1.2.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)
