module github.com/idforge/idforge/web

go 1.24.0

replace github.com/idforge/idforge => ..

replace github.com/idforge/idforge/gen => ../gen

require (
	github.com/idforge/idforge v0.0.0-00010101000000-000000000000
	github.com/idforge/idforge/gen v0.0.0-00010101000000-000000000000
)

require github.com/dave/jennifer v1.7.1 // indirect
