// Package snowflake makes and reads Twitter Snowflake IDs: 41 bits of
// milliseconds since 2010-11-04T01:42:54.657Z (1288834974657), a 10-bit node
// and a 12-bit sequence, held in an int64.
package snowflake

//go:generate go run ../gen/tools/regen snowflake
