//go:build !unix

package regfile

// oNonBlock is not available here; the callers' checks before and after
// opening still refuse what is not a regular file.
const oNonBlock = 0
