module github.com/idforge/idforge/cmd/idforge

go 1.24.0



require (
	github.com/idforge/idforge v0.1.0
	github.com/idforge/idforge/gen v0.1.0
	github.com/idforge/idforge/lease/k8s v0.1.0
	github.com/jackc/pgx/v5 v5.8.0
	golang.org/x/tools v0.42.0
)

require (
	github.com/dave/jennifer v1.7.1 // indirect
	github.com/jackc/pgpassfile v1.0.0 // indirect
	github.com/jackc/pgservicefile v0.0.0-20240606120523-5a60cdf6a761 // indirect
	github.com/jackc/puddle/v2 v2.2.2 // indirect
	golang.org/x/sync v0.19.0 // indirect
	golang.org/x/text v0.34.0 // indirect
)
