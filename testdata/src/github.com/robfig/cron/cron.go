// Package cron is a test stub of github.com/robfig/cron (v1): a scheduler
// that runs a func() on a cron spec ("@every 1h") in its own goroutine and
// does nothing with what the job does.
package cron

// Job is a scheduled task.
type Job interface {
	Run()
}

// FuncJob adapts a func() to a Job.
type FuncJob func()

// Run calls f.
func (f FuncJob) Run() { f() }

// Cron keeps the entries and runs them on their schedules.
type Cron struct {
	running bool
}

// New returns a stopped scheduler.
func New() *Cron { return &Cron{} }

// AddFunc schedules cmd on spec; the error is a spec that does not parse.
func (c *Cron) AddFunc(spec string, cmd func()) error { return c.AddJob(spec, FuncJob(cmd)) }

// AddJob schedules cmd on spec.
func (c *Cron) AddJob(spec string, cmd Job) error { return nil }

// Start runs the scheduler in its own goroutine.
func (c *Cron) Start() { c.running = true }

// Stop stops the scheduler; running jobs are not interrupted.
func (c *Cron) Stop() { c.running = false }
