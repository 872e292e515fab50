module github.com/idforge/idforge/web

go 1.24.0



require (
	github.com/idforge/idforge v0.1.0
	github.com/idforge/idforge/gen v0.1.0
)

require github.com/dave/jennifer v1.7.1 // indirect
