//go:build !purego

#include "textflag.h"

// Byte masks and offsets for the nibble-to-digit step, 16 bytes each.
DATA hexconst<>+0(SB)/8, $0x0f0f0f0f0f0f0f0f  // low nibble mask
DATA hexconst<>+8(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA hexconst<>+16(SB)/8, $0x0909090909090909 // the largest decimal digit
DATA hexconst<>+24(SB)/8, $0x0909090909090909
DATA hexconst<>+32(SB)/8, $0x3030303030303030 // '0'
DATA hexconst<>+40(SB)/8, $0x3030303030303030
DATA hexconst<>+48(SB)/8, $0x2727272727272727 // 'a' - '0' - 10
DATA hexconst<>+56(SB)/8, $0x2727272727272727
GLOBL hexconst<>(SB), RODATA|NOPTR, $64

// hexDigits loads the arguments out into DI and id into SI, and turns the
// 16 bytes at id into 32 lower-case hex digits, the first 16 in X1 and the
// last 16 in X2 (SSE2 only, so any amd64). X0 and X3 to X7 are clobbered.
#define hexDigits \
	MOVQ	out+0(FP), DI \
	MOVQ	id+8(FP), SI \
	MOVOU	(SI), X0 \
	MOVOU	hexconst<>+0(SB), X7 \
	MOVO	X0, X1 \
	PSRLW	$4, X1 \
	PAND	X7, X1 \ // high nibbles
	PAND	X7, X0 \ // low nibbles
	MOVO	X1, X2 \
	PUNPCKLBW	X0, X1 \ // high, low of bytes 0 to 7
	PUNPCKHBW	X0, X2 \ // high, low of bytes 8 to 15
	MOVOU	hexconst<>+16(SB), X5 \
	MOVOU	hexconst<>+32(SB), X6 \
	MOVOU	hexconst<>+48(SB), X7 \
	MOVO	X1, X3 \
	MOVO	X2, X4 \
	PCMPGTB	X5, X3 \ // 0xff where the nibble is above 9
	PCMPGTB	X5, X4 \
	PAND	X7, X3 \
	PAND	X7, X4 \
	PADDB	X6, X1 \
	PADDB	X6, X2 \
	PADDB	X3, X1 \
	PADDB	X4, X2

// func encodeHex(out *[32]byte, id *[16]byte)
TEXT ·encodeHex(SB), NOSPLIT, $0-16
	hexDigits
	MOVOU	X1, (DI)
	MOVOU	X2, 16(DI)
	RET

// func encodeUUID(out *[36]byte, id *[16]byte)
//
// Writes digits 0-15 to out[0:16] and digits 16-31 to out[20:36], which
// leaves 0-7 and 20-31 in place, then moves 8-11, 12-15 and 16-19 one, two
// and three places right with 4-byte stores and writes the hyphens.
TEXT ·encodeUUID(SB), NOSPLIT, $0-16
	hexDigits
	MOVOU	X1, (DI)
	MOVOU	X2, 20(DI)
	PSRLDQ	$8, X1
	MOVQ	X1, AX
	MOVQ	X2, BX
	MOVL	AX, 9(DI)
	SHRQ	$32, AX
	MOVL	AX, 14(DI)
	MOVL	BX, 19(DI)
	MOVB	$'-', 8(DI)
	MOVB	$'-', 13(DI)
	MOVB	$'-', 18(DI)
	MOVB	$'-', 23(DI)
	RET
