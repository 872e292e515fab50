module github.com/idforge/idforge

go 1.24.0
