//go:build !purego

#include "textflag.h"

// func putUint128(b *[16]byte, hi, lo uint64)
//
// Byte-swaps hi and lo, joins them in X0 (SSE2 only, so any amd64) and
// writes X0 to b with one unaligned 16-byte store.
TEXT ·putUint128(SB), NOSPLIT, $0-24
	MOVQ	b+0(FP), DI
	MOVQ	hi+8(FP), AX
	MOVQ	lo+16(FP), BX
	BSWAPQ	AX
	BSWAPQ	BX
	MOVQ	AX, X0
	MOVQ	BX, X1
	PUNPCKLQDQ	X1, X0
	MOVOU	X0, (DI)
	RET
