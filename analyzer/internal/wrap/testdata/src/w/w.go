package w // want `internal error: helper panicked: the helper fails here`

func use(v ...any) {}

func onlyUse() {
	logger := "x"
	use(logger) // want `drop this call; no fix: the edit would not compile \(declared and not used: logger\)`
}

func otherUse() {
	logger := "x"
	use(logger) // want `drop this call$`
	_ = logger
}
