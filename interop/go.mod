module github.com/idforge/idforge/interop

go 1.24.0

require (
	github.com/bwmarrin/discordgo v0.29.0
	github.com/bwmarrin/snowflake v0.3.0
	github.com/gofrs/uuid/v5 v5.4.0
	github.com/google/uuid v1.6.0
	github.com/idforge/idforge v0.1.0
	github.com/idforge/idforge/gen v0.1.0
	github.com/jackc/pgx/v5 v5.8.0
	github.com/mr-tron/base58 v1.2.0
	github.com/oklog/ulid/v2 v2.1.2
	github.com/rs/xid v1.6.0
	github.com/segmentio/ksuid v1.0.4
	github.com/sony/sonyflake v1.2.0
)

require filippo.io/edwards25519 v1.2.0 // indirect

require (
	github.com/dave/jennifer v1.7.1 // indirect
	github.com/go-sql-driver/mysql v1.10.2
	github.com/gorilla/websocket v1.4.2 // indirect
	github.com/jackc/pgpassfile v1.0.0 // indirect
	github.com/jackc/pgservicefile v0.0.0-20240606120523-5a60cdf6a761 // indirect
	github.com/jackc/puddle/v2 v2.2.2 // indirect
	golang.org/x/crypto v0.0.0-20210421170649-83a5a9bb288b // indirect
	golang.org/x/sync v0.19.0 // indirect
	golang.org/x/sys v0.0.0-20201119102817-f84b799fce68 // indirect
	golang.org/x/text v0.34.0 // indirect
)
