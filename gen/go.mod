module github.com/idforge/idforge/gen

go 1.24.0


require (
	github.com/dave/jennifer v1.7.1
	github.com/idforge/idforge v0.1.0
	golang.org/x/tools v0.42.0
)

require (
	golang.org/x/mod v0.33.0 // indirect
	golang.org/x/sync v0.19.0 // indirect
)
