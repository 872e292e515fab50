package main

import (
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"

	"github.com/idforge/idforge/lease"
)

// envEtcdPassword is the environment variable that holds the password of
// the user an -lease etcd://USER@… URL names, unless ?password-file= does.
const envEtcdPassword = "IDFORGE_ETCD_PASSWORD"

// etcdEngine returns the engine of a -lease etcd://… URL:
//
//	etcd://[USER@]HOST:PORT[?ca-file=PATH][&cert-file=PATH&key-file=PATH][&password-file=PATH]
//
// etcd's JSON gateway at https://HOST:PORT: its CA from ca-file (else the
// system's roots), a client certificate from cert-file and key-file, and,
// with a USER, etcd's user authentication with the password in
// password-file or $IDFORGE_ETCD_PASSWORD (never in the URL, which ps
// shows). insecure (-lease-insecure) makes it http://HOST:PORT, all in
// clear.
func etcdEngine(raw string, insecure bool) (lease.Engine, error) {
	bad := func(format string, args ...any) error {
		return usageError{fmt.Errorf("-lease %q: %s (want etcd://[USER@]HOST:PORT[?ca-file=PATH&cert-file=PATH&key-file=PATH&password-file=PATH])", raw, fmt.Sprintf(format, args...))}
	}
	u, err := url.Parse(raw)
	if err != nil {
		// url.Error quotes the whole URL, which may hold a password: name
		// only the part that failed.
		return nil, bad("not a URL")
	}
	if u.Host == "" {
		return nil, bad("no HOST:PORT")
	}
	if strings.Trim(u.Path, "/") != "" || u.Fragment != "" {
		return nil, bad("a path or fragment has no meaning here")
	}
	cfg := lease.EtcdGatewayConfig{Endpoint: u.Host, InsecurePlainHTTP: insecure}
	if u.User != nil {
		if _, has := u.User.Password(); has {
			return nil, usageError{fmt.Errorf("-lease etcd://%s:…@%s: a password in the URL shows in ps and shell history; give it in $%s or ?password-file=PATH", u.User.Username(), u.Host, envEtcdPassword)}
		}
		cfg.Username = u.User.Username()
	}
	q := u.Query()
	for k := range q {
		switch k {
		case "ca-file", "cert-file", "key-file", "password-file":
		default:
			return nil, bad("unknown parameter %s (ca-file, cert-file, key-file or password-file)", k)
		}
	}
	cfg.CAFile, cfg.CertFile, cfg.KeyFile = q.Get("ca-file"), q.Get("cert-file"), q.Get("key-file")
	if (cfg.CertFile == "") != (cfg.KeyFile == "") {
		return nil, bad("give cert-file and key-file together")
	}
	if insecure && (cfg.CAFile != "" || cfg.CertFile != "") {
		return nil, bad("-lease-insecure speaks plain HTTP: ca-file, cert-file and key-file have no meaning")
	}
	switch pf := q.Get("password-file"); {
	case pf != "" && cfg.Username == "":
		return nil, bad("password-file without a USER@")
	case pf != "":
		b, err := readSmallFile(pf)
		if err != nil {
			return nil, usageError{fmt.Errorf("-lease etcd://: the password file: %w", err)}
		}
		cfg.Password = strings.TrimRight(string(b), "\r\n")
	case cfg.Username != "":
		pw, ok := os.LookupEnv(envEtcdPassword)
		if !ok {
			return nil, bad("user %s needs a password: $%s or ?password-file=PATH", cfg.Username, envEtcdPassword)
		}
		cfg.Password = pw
	}
	g, err := lease.NewEtcdGateway(cfg)
	if err != nil {
		return nil, usageError{fmt.Errorf("-lease etcd://%s: %w", u.Host, err)}
	}
	return lease.Etcd(g), nil
}

// readSmallFile reads a regular file of at most 4 KiB (a password).
func readSmallFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() || st.Size() > 4<<10 {
		return nil, fmt.Errorf("%s: want a regular file of at most 4 KiB", name)
	}
	b, err := io.ReadAll(io.LimitReader(f, 4<<10+1))
	if err != nil {
		return nil, err
	}
	if len(b) > 4<<10 {
		return nil, fmt.Errorf("%s: grew past 4 KiB while read", name)
	}
	return b, nil
}
