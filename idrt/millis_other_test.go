//go:build !(linux && amd64) || purego

package idrt

import "time"

const calibrationForTest = 20 * time.Millisecond
