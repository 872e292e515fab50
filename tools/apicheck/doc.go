// Package apicheck holds tests that read the module's source to hold every
// package to rules of its public API that no single package's tests see
// whole, such as "no exported variable a caller could reassign".
package apicheck
