package a

import "fmt"

// Another body of this file still uses the import: the fix compiles.
func oneOfTwoImportUses() {
	use(fmt.Sprint(2)) // want `drop this call$`
}

func otherImportUse() string { return fmt.Sprint(3) }
