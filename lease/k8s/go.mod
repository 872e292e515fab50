module github.com/idforge/idforge/lease/k8s

go 1.24.0

require github.com/idforge/idforge v0.1.0
