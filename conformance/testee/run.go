package testee

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/idforge/idforge/conformance"
)

// Errors of Run and Start.
var (
	// ErrProtocol is a testee that does not speak the protocol: a line that
	// is not a response, a later protocol version, no layouts.
	ErrProtocol = errors.New("testee: protocol error")
	// ErrExited is a testee that ended before it answered every request.
	ErrExited = errors.New("testee: the testee exited")
)

// Testee is a connection to a testee: its standard input and output.
type Testee struct {
	in  io.WriteCloser
	out *bufio.Reader
	cmd *exec.Cmd // nil for a testee that Connect was given
}

// Connect returns the Testee that reads requests from in and writes
// responses to out: a testee served in the same process (a test's), or
// over a connection of the caller's making.
func Connect(in io.WriteCloser, out io.Reader) *Testee {
	return &Testee{in: in, out: bufio.NewReaderSize(out, 1<<16)}
}

// Start starts command, a command line that sh -c runs (so that
// "node conformance/testees/idforge.mjs" works as written), as a testee,
// with its standard error going to stderr. The context ends it: its
// pipes are closed and sh is killed.
func Start(ctx context.Context, command string, stderr io.Writer) (*Testee, error) {
	cmd := exec.CommandContext(ctx, "sh", "-c", command)
	cmd.Stderr = stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	// When ctx ends, the pipes are closed as well as sh killed, so that a
	// read waiting on a program sh started, which outlives it, returns.
	cmd.Cancel = func() error {
		out.Close()
		in.Close()
		return cmd.Process.Kill()
	}
	cmd.WaitDelay = 2 * time.Second
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("testee: %s: %w", command, err)
	}
	t := Connect(in, out)
	t.cmd = cmd
	return t, nil
}

// Close closes the testee's input, which ends a testee that follows the
// protocol, and waits for a started one to exit.
func (t *Testee) Close() error {
	err := t.in.Close()
	if t.cmd != nil {
		if werr := t.cmd.Wait(); werr != nil {
			return fmt.Errorf("testee: %w", werr)
		}
	}
	return err
}

// roundTrip sends one request and reads its response.
func (t *Testee) roundTrip(req Request) (Response, error) {
	if err := writeRequest(t.in, req); err != nil {
		return Response{}, fmt.Errorf("%w: %w", ErrExited, err)
	}
	return t.read()
}

// read reads one response.
func (t *Testee) read() (Response, error) {
	line, err := t.out.ReadBytes('\n')
	if err != nil && (len(line) == 0 || err != io.EOF) {
		if err == io.EOF {
			return Response{}, ErrExited
		}
		return Response{}, fmt.Errorf("%w: %w", ErrExited, err)
	}
	var res Response
	if err := json.Unmarshal(line, &res); err != nil {
		return Response{}, fmt.Errorf("%w: a response that is not a JSON object: %q", ErrProtocol, strings.TrimSpace(string(line)))
	}
	return res, nil
}

func writeRequest(w io.Writer, req Request) error {
	b, err := json.Marshal(req)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// Options are what Run takes besides the testee and the corpus.
type Options struct {
	// Layouts, when not empty, are the only layouts run.
	Layouts []string
	// Expected are the names of the cases that are expected to fail
	// (ParseList's).
	Expected map[string]bool
}

// Run asks the testee t for its capabilities, sends it every case of the
// corpus rs (Cases) for the layouts, ops and forms it supports, all at
// once, while reading the responses as they come, and judges each. It
// returns an error, with the report of what was judged until then, when
// the testee breaks the protocol or exits early.
func Run(t *Testee, rs []conformance.Record, opts Options) (*Report, error) {
	all, err := Cases(rs)
	if err != nil {
		return nil, err
	}
	res, err := t.roundTrip(Request{Op: "capabilities"})
	if err != nil {
		return nil, err
	}
	caps := res.Capabilities
	switch {
	case !res.OK:
		return nil, fmt.Errorf("%w: capabilities: error %s", ErrProtocol, res.Error)
	case caps.Protocol > ProtocolVersion:
		return nil, fmt.Errorf("%w: the testee speaks protocol %d; this driver %d", ErrProtocol, caps.Protocol, ProtocolVersion)
	case len(caps.Layouts) == 0:
		return nil, fmt.Errorf("%w: the testee supports no layout", ErrProtocol)
	}
	rep := &Report{Testee: caps, Skipped: map[string]int{}}
	var cases []Case
	for _, c := range all {
		if why := skip(c, caps, opts.Layouts); why != "" {
			rep.Skipped[why]++
			continue
		}
		if c.Request.Op == "generate" && !caps.Clock {
			c.Request.Clock = nil
		}
		cases = append(cases, c)
	}
	rn := &run{caps: caps, from: conformance.UnixNanos(time.Now().Add(-2 * time.Second))}
	// Every request at once, from another goroutine, while the responses
	// are read here: a testee that answers each line as it reads it never
	// waits on a full pipe.
	sent := make(chan error, 1)
	go func() {
		w := bufio.NewWriterSize(t.in, 1<<16)
		for _, c := range cases {
			if err := writeRequest(w, c.Request); err != nil {
				sent <- err
				return
			}
		}
		sent <- w.Flush()
	}()
	responses := make([]Response, 0, len(cases))
	for range cases {
		res, err := t.read()
		if err != nil {
			rep.judge(cases[:len(responses)], responses, rn, opts.Expected)
			return rep, fmt.Errorf("after %d of %d responses: %w", len(responses), len(cases), err)
		}
		responses = append(responses, res)
	}
	if err := <-sent; err != nil {
		return rep, fmt.Errorf("%w: %w", ErrExited, err)
	}
	rn.to = conformance.UnixNanos(time.Now().Add(2 * time.Second))
	rep.judge(cases, responses, rn, opts.Expected)
	for name := range opts.Expected {
		if !rep.ran[name] {
			rep.NotRun = append(rep.NotRun, name)
		}
	}
	slices.Sort(rep.NotRun)
	return rep, nil
}

// skip says why case c is not sent to a testee of capabilities caps, run
// for the layouts only (all if empty), or "" when it is sent.
func skip(c Case, caps Capabilities, only []string) string {
	req := c.Request
	switch {
	case len(only) > 0 && !slices.Contains(only, req.Layout):
		return "layout not asked for"
	case !slices.Contains(caps.Layouts, req.Layout):
		return "layout not supported"
	case !slices.Contains(caps.Ops, req.Op):
		return "op " + req.Op + " not supported"
	case (req.Op == "parse" || req.Op == "format") && !slices.Contains(caps.Forms, req.Form):
		return "form " + req.Form + " not supported"
	case req.Op == "generate" && !caps.Clock && c.Record.Scenario != conformance.Steady:
		return "generate " + c.Record.Scenario + " needs a clock the testee takes"
	}
	return ""
}

// judge judges the responses to cases, in order, into the report.
func (rep *Report) judge(cases []Case, responses []Response, rn *run, expected map[string]bool) {
	if rep.ran == nil {
		rep.ran = map[string]bool{}
	}
	if rn.to == nil { // the run ended early: judge against the clock now
		rn.to = conformance.UnixNanos(time.Now().Add(2 * time.Second))
	}
	for i, c := range cases {
		if res := responses[i]; !res.OK && res.Error == Unsupported {
			rep.Skipped["refused by the testee as "+Unsupported]++
			continue
		}
		rep.ran[c.Name] = true
		problem := c.check(responses[i], rn)
		switch {
		case problem == "" && expected[c.Name]:
			rep.Fixed = append(rep.Fixed, c.Name)
		case problem == "":
			rep.Passed++
		default:
			f := Failure{Case: c.Name, Problem: problem, Request: c.Request, Record: c.Record}
			if expected[c.Name] {
				rep.Expected = append(rep.Expected, f)
			} else {
				rep.Failed = append(rep.Failed, f)
			}
		}
	}
}
