package main

import (
	"os"
	"runtime"
	"runtime/pprof"
)

// profiles names the files that -cpuprofile and -memprofile asked for.
type profiles struct{ cpu, mem string }

var prof profiles

// start begins the CPU profile, if asked; the returned stop ends it and
// writes the heap profile while the analysis graph is still live, so that
// what the analyzers retain shows up in it.
func (p profiles) start() (stop func() error, err error) {
	var cpu *os.File
	if p.cpu != "" {
		if cpu, err = os.Create(p.cpu); err != nil {
			return nil, err
		}
		if err := pprof.StartCPUProfile(cpu); err != nil {
			return nil, err
		}
	}
	return func() error {
		if cpu != nil {
			pprof.StopCPUProfile()
			if err := cpu.Close(); err != nil {
				return err
			}
		}
		if p.mem == "" {
			return nil
		}
		f, err := os.Create(p.mem)
		if err != nil {
			return err
		}
		runtime.GC()
		if err := pprof.WriteHeapProfile(f); err != nil {
			return err
		}
		return f.Close()
	}, nil
}
