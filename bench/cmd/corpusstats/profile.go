package main

import (
	"context"
	"os"
	"runtime"
	"runtime/pprof"
	"syscall"
	"time"

	"golang.org/x/tools/go/analysis"
)

// leastCPU runs analyze n times and returns the least CPU time, in
// seconds, the process spent in one run, and the bytes one run allocates
// (0 when n is 0). CPU time, not the clock: it does not depend on what
// else the machine runs. With GOGC=off it leaves out the collector, whose
// share swings with where a collection falls, and the bytes stand for it.
func leastCPU(n int, analyze func() error) (float64, uint64, error) {
	var least time.Duration
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	allocated := ms.TotalAlloc
	for i := range n {
		before := cpuTime()
		if err := analyze(); err != nil {
			return 0, 0, err
		}
		if d := cpuTime() - before; i == 0 || d < least {
			least = d
		}
	}
	if n == 0 {
		return 0, 0, nil
	}
	runtime.ReadMemStats(&ms)
	return least.Seconds(), (ms.TotalAlloc - allocated) / uint64(n), nil
}

// cpuTime returns the user and system time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

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

// labelled makes every analyzer reachable from roots (their requirements
// too) run under pprof labels naming the analyzer and the package, so a
// CPU profile can be split by either (go tool pprof -tagfocus, -tags).
// Only with -cpuprofile: the labels cost a little on every pass.
func labelled(roots []*analysis.Analyzer) {
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, r := range a.Requires {
			visit(r)
		}
		run := a.Run
		a.Run = func(pass *analysis.Pass) (result any, err error) {
			labels := pprof.Labels("analyzer", a.Name, "package", pass.Pkg.Path())
			pprof.Do(context.Background(), labels, func(context.Context) { result, err = run(pass) })
			return result, err
		}
	}
	for _, a := range roots {
		visit(a)
	}
}
