package a

import "fmt"

// The fix edits only this body, so only this file's bodies are checked
// again: the import it leaves unused is still seen.
func lastImportUse() {
	use(fmt.Sprint(1)) // want `drop this call; no fix: the edit would not compile \("fmt" imported and not used\)`
}
