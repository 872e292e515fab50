package leasetest

import (
	"net"
	"sync"
	"testing"
)

// Proxy forwards TCP connections to a server, and can cut them off as a
// network partition does: Cut stops every byte in both directions, on the
// connections open and on any made while cut, without closing them (the
// holders' calls hang, as they do when packets are dropped); Restore
// closes every connection the cut caught, as their peers' TCP stacks would
// once the network is back, and forwards new ones again.
type Proxy struct {
	t      testing.TB
	ln     net.Listener
	target string

	mu    sync.Mutex
	cut   bool
	wake  *sync.Cond
	conns map[*proxied]bool
}

// proxied is one client connection and its connection to the server.
type proxied struct {
	client, server net.Conn
	caught         bool // open while the network was cut: closed on Restore
}

// NewProxy listens on a free port of 127.0.0.1 and forwards each
// connection to target (host:port). It is closed when the test ends.
func NewProxy(t testing.TB, target string) *Proxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &Proxy{t: t, ln: ln, target: target, conns: map[*proxied]bool{}}
	p.wake = sync.NewCond(&p.mu)
	go p.serve()
	t.Cleanup(p.close)
	return p
}

// Addr returns the proxy's address, host:port.
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// Cut stops all traffic through the proxy until Restore.
func (p *Proxy) Cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cut = true
	for c := range p.conns {
		c.caught = true
	}
}

// Restore closes the connections the cut caught and forwards again.
func (p *Proxy) Restore() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cut = false
	for c := range p.conns {
		if c.caught {
			c.client.Close()
			if c.server != nil {
				c.server.Close()
			}
			delete(p.conns, c)
		}
	}
	p.wake.Broadcast()
}

func (p *Proxy) close() {
	p.ln.Close()
	p.Restore()
	p.mu.Lock()
	defer p.mu.Unlock()
	for c := range p.conns {
		c.client.Close()
		if c.server != nil {
			c.server.Close()
		}
	}
}

func (p *Proxy) serve() {
	for {
		conn, err := p.ln.Accept()
		if err != nil {
			return
		}
		c := &proxied{client: conn}
		p.mu.Lock()
		p.conns[c] = true
		c.caught = p.cut
		p.mu.Unlock()
		go p.connect(c)
	}
}

// connect dials the server for c, once the network is up, and forwards.
func (p *Proxy) connect(c *proxied) {
	p.mu.Lock()
	for p.cut && p.conns[c] {
		p.wake.Wait()
	}
	live := p.conns[c]
	p.mu.Unlock()
	if !live {
		return
	}
	server, err := net.Dial("tcp", p.target)
	if err != nil {
		c.client.Close()
		return
	}
	p.mu.Lock()
	if !p.conns[c] {
		p.mu.Unlock()
		server.Close()
		return
	}
	c.server = server
	p.mu.Unlock()
	go p.pipe(c, c.client, server)
	go p.pipe(c, server, c.client)
}

// pipe copies from src to dst, holding each chunk while the network is cut.
func (p *Proxy) pipe(c *proxied, src, dst net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			p.mu.Lock()
			for p.cut && p.conns[c] {
				p.wake.Wait()
			}
			live := p.conns[c]
			p.mu.Unlock()
			if !live {
				return
			}
			if _, werr := dst.Write(buf[:n]); werr != nil {
				err = werr
			}
		}
		if err != nil {
			src.Close()
			dst.Close()
			p.mu.Lock()
			delete(p.conns, c)
			p.mu.Unlock()
			return
		}
	}
}
