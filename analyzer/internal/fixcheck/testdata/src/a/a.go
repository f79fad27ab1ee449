package a

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

func retryKnown() error {
	return nil // want `retry this$`
}

func retryUnknown() error {
	return nil // want `retry badly; no fix: the edit would not compile \(undefined: retry.RetryForever\)`
}
