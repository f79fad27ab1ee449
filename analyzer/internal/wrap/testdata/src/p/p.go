package p // want `internal error: check panicked: the check fails here`

func use(v ...any) {}

func f() {
	use() // the check panics before reporting this
}
