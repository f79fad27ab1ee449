package main_test

import (
	"flag"
	"testing"
)

// TestShortSkipsTheDownloads: under go test -short, the contributor's
// quick loop, the end-to-end tests skip before they build the binary or
// download a module. The flag is set for this sequential test only; the
// parallel end-to-end tests start after it has been put back.
func TestShortSkipsTheDownloads(t *testing.T) {
	short := flag.Lookup("test.short")
	old := short.Value.String()
	if err := flag.Set("test.short", "true"); err != nil {
		t.Fatal(err)
	}
	defer flag.Set("test.short", old)
	skipped := false
	t.Run("setup", func(t *testing.T) {
		defer func() { skipped = t.Skipped() }()
		setup(t, exampleModule)
	})
	if !skipped {
		t.Error("setup of an end-to-end module did not skip under -short")
	}
}
