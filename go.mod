module github.com/idforge/idforge

go 1.24

require (
	github.com/dave/jennifer v1.7.1 // indirect
	github.com/oklog/ulid/v2 v2.1.2 // indirect
	github.com/segmentio/ksuid v1.0.4 // indirect
)
