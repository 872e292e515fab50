package testee

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/idforge/idforge/conformance"
)

// Errors of Run and Start.
var (
	// ErrProtocol is a testee that does not speak the protocol: a line that
	// is not a response, a line longer than MaxLine, more responses than
	// requests, a later protocol version, no layouts.
	ErrProtocol = errors.New("testee: protocol error")
	// ErrExited is a testee whose output ended before it answered every
	// request: it exited, or it closed its standard output. The error
	// says which, and the testee's exit status where it exited.
	ErrExited = errors.New("testee: the testee's output ended early")
	// ErrStopped is a testee that Start's context ended (its timeout):
	// its whole process group was killed.
	ErrStopped = errors.New("testee: the testee was stopped")
)

// MaxLine is the longest response line Run reads, newline included: 1 MiB.
// A longer one is a protocol error, quoted by its first bytes, and the
// driver's memory stays bounded whatever the testee writes.
const MaxLine = 1 << 20

// Testee is a connection to a testee: its standard input and output.
type Testee struct {
	in  io.WriteCloser
	out *bufio.Reader

	closeIn sync.Once
	inErr   error

	// A testee that Start started; nil for one that Connect was given.
	proc *process
}

// process is a started testee: its command, in a process group of its
// own where the system has them, and what ended it.
type process struct {
	command string
	cmd     *exec.Cmd
	ctx     context.Context
	stdout  *os.File      // the read end of its standard output, which Wait never closes
	done    chan struct{} // closed when Wait has returned
	waitErr error         // Wait's, once done is closed
	killed  sync.Once
}

// Connect returns the Testee that reads requests from in and writes
// responses to out: a testee served in the same process (a test's), or
// over a connection of the caller's making.
func Connect(in io.WriteCloser, out io.Reader) *Testee {
	return &Testee{in: in, out: bufio.NewReaderSize(out, 1<<16)}
}

// Start starts command, a command line that sh -c runs (so that
// "node conformance/testees/idforge.mjs" works as written), as a testee,
// with its standard error going to stderr. On Unix it runs in a process
// group of its own, so that ending it ends every program it started (a
// shell's children, a runtime's workers); elsewhere only the process
// Start started is killed. When ctx ends, the whole group is killed and
// the pipes are closed: a read or a write waiting on the testee returns
// ErrStopped.
func Start(ctx context.Context, command string, stderr io.Writer) (*Testee, error) {
	cmd := exec.Command("sh", "-c", command)
	cmd.Stderr = stderr
	setGroup(cmd)
	// The pipes are the driver's own files, not StdinPipe's and
	// StdoutPipe's: Wait closes neither, so that the testee's exit can be
	// waited for while its last lines are still being read.
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	cmd.Stdin, cmd.Stdout = inR, outW
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("testee: %s: %w", command, err)
	}
	p := &process{command: command, cmd: cmd, ctx: ctx, stdout: outR, done: make(chan struct{})}
	go func() {
		p.waitErr = cmd.Wait()
		close(p.done)
	}()
	t := Connect(inW, outR)
	t.proc = p
	go func() {
		select {
		case <-ctx.Done():
			t.Kill()
		case <-p.done:
		}
	}()
	return t, nil
}

// closeInput closes the testee's standard input, once: a testee that
// follows the protocol answers what it has read and exits.
func (t *Testee) closeInput() error {
	t.closeIn.Do(func() { t.inErr = t.in.Close() })
	return t.inErr
}

// Kill ends a started testee at once: its whole process group is killed
// and its pipes are closed. It returns when the testee has exited, and
// does nothing for a testee that Connect was given but close its input.
func (t *Testee) Kill() {
	t.closeInput()
	p := t.proc
	if p == nil {
		return
	}
	p.killed.Do(func() {
		killGroup(p.cmd)
		p.stdout.Close()
	})
	<-p.done
}

// Close closes the testee's input, which ends a testee that follows the
// protocol, and waits for a started one to exit (until Start's context
// ends); then it kills what the testee left running in its process group.
// It returns an error for a testee that did not exit with status 0.
func (t *Testee) Close() error {
	err := t.closeInput()
	p := t.proc
	if p == nil {
		return err
	}
	select {
	case <-p.done:
	case <-p.ctx.Done():
	}
	t.Kill()
	if p.ctx.Err() != nil && p.waitErr != nil {
		return fmt.Errorf("%w: %w", ErrStopped, p.ctx.Err())
	}
	if p.waitErr != nil {
		return fmt.Errorf("testee: %s: %w", p.command, p.waitErr)
	}
	return nil
}

// ended says how the testee's output came to an end (EOF, or a read error
// err) after n responses of total: it was stopped, it exited (with its
// status), or it closed its standard output and is still running.
func (t *Testee) ended(err error, n, total int) error {
	p := t.proc
	what := fmt.Sprintf("after %d of %d responses", n, total)
	if total < 0 {
		what = "before it answered capabilities"
	}
	if p == nil {
		if err == io.EOF {
			return fmt.Errorf("%w %s", ErrExited, what)
		}
		return fmt.Errorf("%w %s: %w", ErrExited, what, err)
	}
	if p.ctx.Err() != nil {
		return fmt.Errorf("%w %s: %w", ErrStopped, what, p.ctx.Err())
	}
	// The output ended: the testee has exited, or will within moments, or
	// it closed its standard output and runs on.
	select {
	case <-p.done:
	case <-time.After(2 * time.Second):
	case <-p.ctx.Done():
	}
	select {
	case <-p.done:
		status := "exit status 0"
		if p.waitErr != nil {
			status = p.waitErr.Error()
		}
		if p.ctx.Err() != nil {
			return fmt.Errorf("%w %s: %w", ErrStopped, what, p.ctx.Err())
		}
		return fmt.Errorf("%w: the testee exited (%s) %s", ErrExited, status, what)
	default:
		return fmt.Errorf("%w: the testee closed its standard output %s, and is still running", ErrExited, what)
	}
}

// roundTrip sends one request and reads its response.
func (t *Testee) roundTrip(req Request) (Response, error) {
	if err := writeRequest(t.in, req); err != nil {
		if end := t.stopped(); end != nil {
			return Response{}, end
		}
		// It may have written why it stopped reading: read that first.
		if _, rerr := t.read(); rerr != nil {
			return Response{}, t.ended(rerr, 0, -1)
		}
		return Response{}, fmt.Errorf("%w: the testee stopped reading its input before capabilities: %w", ErrExited, err)
	}
	res, err := t.read()
	if err != nil && !errors.Is(err, ErrProtocol) {
		return res, t.ended(err, 0, -1)
	}
	return res, err
}

// stopped returns ErrStopped, wrapped, when Start's context has ended.
func (t *Testee) stopped() error {
	if t.proc != nil && t.proc.ctx.Err() != nil {
		return fmt.Errorf("%w: %w", ErrStopped, t.proc.ctx.Err())
	}
	return nil
}

// read reads one response: io.EOF at the end of the output, ErrProtocol
// for a line that is no response or longer than MaxLine.
func (t *Testee) read() (Response, error) {
	line, err := readLine(t.out, MaxLine)
	switch {
	case errors.Is(err, ErrProtocol):
		return Response{}, err
	case err != nil && len(line) == 0:
		return Response{}, err
	}
	var res Response
	if err := json.Unmarshal(line, &res); err != nil {
		return Response{}, fmt.Errorf("%w: a response that is not a JSON object: %s", ErrProtocol, quotePrefix(line))
	}
	return res, nil
}

// readLine reads a line of at most max bytes, newline included, from r;
// the last line may lack its newline. A longer line is an ErrProtocol
// error that quotes its start; the rest of it is left unread. It holds at
// most max bytes beside r's buffer.
func readLine(r *bufio.Reader, max int) ([]byte, error) {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line)+len(chunk) > max {
			line = append(line, chunk[:min(len(chunk), 64)]...)
			return nil, fmt.Errorf("%w: a response line longer than %d bytes, which starts %s", ErrProtocol, max, quotePrefix(line))
		}
		line = append(line, chunk...)
		if err != bufio.ErrBufferFull {
			return line, err
		}
	}
}

// quotePrefix quotes the start of a line, at most 64 bytes of it, for an
// error message: a testee's whole line is never echoed.
func quotePrefix(line []byte) string {
	for len(line) > 0 && (line[len(line)-1] == '\n' || line[len(line)-1] == '\r') {
		line = line[:len(line)-1]
	}
	if len(line) <= 64 {
		return strconv.Quote(string(line))
	}
	return strconv.Quote(string(line[:64])) + "…"
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
	// waits on a full pipe. After the last request the testee's input is
	// closed, so that one that answers only when its input ends (or
	// flushes only at exit) finishes.
	sent := make(chan error, 1)
	go func() {
		w := bufio.NewWriterSize(t.in, 1<<16)
		for _, c := range cases {
			if err := writeRequest(w, c.Request); err != nil {
				sent <- err
				return
			}
		}
		err := w.Flush()
		if cerr := t.closeInput(); err == nil {
			err = cerr
		}
		sent <- err
	}()
	responses := make([]Response, 0, len(cases))
	fail := func(err error) (*Report, error) {
		rep.judge(cases[:len(responses)], responses, rn, opts.Expected)
		return rep, err
	}
	for range cases {
		res, err := t.read()
		switch {
		case errors.Is(err, ErrProtocol):
			return fail(fmt.Errorf("after %d of %d responses: %w", len(responses), len(cases), err))
		case err != nil:
			return fail(t.ended(err, len(responses), len(cases)))
		}
		responses = append(responses, res)
	}
	// Every request was answered: the output must end there.
	switch _, err := t.read(); {
	case err == nil:
		return fail(fmt.Errorf("%w: more responses than the %d requests", ErrProtocol, len(cases)))
	case errors.Is(err, ErrProtocol):
		return fail(fmt.Errorf("after the %d responses: %w", len(cases), err))
	case err != io.EOF:
		if end := t.stopped(); end != nil {
			return fail(fmt.Errorf("after the %d responses, waiting for the testee's output to end: %w", len(cases), end))
		}
		return fail(fmt.Errorf("%w: after the %d responses: %w", ErrExited, len(cases), err))
	}
	if err := <-sent; err != nil {
		return fail(fmt.Errorf("%w: the testee answered every request, but writing them failed: %w", ErrProtocol, err))
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
			f := Failure{Case: c.Name, Problem: problem, Request: c.Request, Record: *c.Record}
			if expected[c.Name] {
				rep.Expected = append(rep.Expected, f)
			} else {
				rep.Failed = append(rep.Failed, f)
			}
		}
	}
}
