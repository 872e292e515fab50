module github.com/idforge/idforge/gen

go 1.24.0

replace github.com/idforge/idforge => ..

require (
	github.com/dave/jennifer v1.7.1
	github.com/idforge/idforge v0.0.0-00010101000000-000000000000
	golang.org/x/tools v0.42.0
)

require (
	golang.org/x/mod v0.33.0 // indirect
	golang.org/x/sync v0.19.0 // indirect
)
