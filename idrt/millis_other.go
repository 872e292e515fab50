//go:build !(linux && amd64) || purego

package idrt

func nowMilli() int64 { return now().UnixMilli() }
