module github.com/idforge/idforge/bench

go 1.24.0



require (
	github.com/bwmarrin/snowflake v0.3.0
	github.com/gofrs/uuid/v5 v5.4.0
	github.com/google/uuid v1.6.0
	github.com/idforge/idforge v0.1.0
	github.com/oklog/ulid/v2 v2.1.2
	github.com/segmentio/ksuid v1.0.4
	github.com/sony/sonyflake v1.2.0
	go.jetify.com/typeid v1.3.0
)

require github.com/stretchr/testify v1.11.1 // indirect
