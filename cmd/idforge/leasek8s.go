package main

import (
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/idforge/idforge/lease"
	"github.com/idforge/idforge/lease/k8s"
)

// The environment variables -lease k8s://HOST:PORT/… reads when its URL
// names no token or CA file.
const (
	envKubeToken = "IDFORGE_KUBE_TOKEN" // a bearer token
	envKubeCA    = "IDFORGE_KUBE_CA"    // the file of the API server's CA
)

// k8sEngine returns the engine of a -lease k8s://… URL:
//
//	k8s://                      in a pod: the API server, token, CA and
//	                            namespace of its service account
//	k8s:///NAMESPACE            in a pod, Leases in another namespace
//	k8s://HOST:PORT[/NAMESPACE] the API server at https://HOST:PORT
//	                            (namespace default), the token from
//	                            ?token-file=PATH or $IDFORGE_KUBE_TOKEN, the CA
//	                            from ?ca-file=PATH or $IDFORGE_KUBE_CA (else
//	                            the system's roots)
//
// Either form takes ?skew=D, the bound on the API servers' clock skew.
// insecure (-lease-insecure) makes the second http://HOST:PORT, the token
// in clear; in a pod it has no meaning.
func k8sEngine(raw string, insecure bool) (lease.Engine, error) {
	bad := func(format string, args ...any) error {
		return usageError{fmt.Errorf("-lease %q: %s (want k8s:// in a pod, or k8s://HOST:PORT/NAMESPACE)", raw, fmt.Sprintf(format, args...))}
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, bad("%v", err)
	}
	if u.User != nil || u.Fragment != "" {
		return nil, bad("a user or fragment has no meaning here")
	}
	ns := strings.Trim(u.Path, "/")
	if strings.Contains(ns, "/") {
		return nil, bad("the path is one namespace")
	}
	q := u.Query()
	for k := range q {
		switch k {
		case "token-file", "ca-file", "skew":
		default:
			return nil, bad("unknown parameter %s (token-file, ca-file or skew)", k)
		}
	}
	var cfg k8s.Config
	if u.Host == "" {
		if q.Has("token-file") || q.Has("ca-file") {
			return nil, bad("in a pod the token and CA are the service account's")
		}
		if insecure {
			return nil, bad("-lease-insecure: in a pod the API server is the service account's, over HTTPS")
		}
		if cfg, err = k8s.InCluster(); err != nil {
			return nil, err
		}
	} else {
		cfg.Server = "https://" + u.Host
		if insecure {
			cfg.Server, cfg.InsecurePlainHTTP = "http://"+u.Host, true
		}
		cfg.TokenFile = q.Get("token-file")
		if cfg.TokenFile == "" {
			cfg.Token = os.Getenv(envKubeToken)
		}
		cfg.CAFile = q.Get("ca-file")
		if cfg.CAFile == "" {
			cfg.CAFile = os.Getenv(envKubeCA)
		}
	}
	if ns != "" {
		cfg.Namespace = ns
	}
	if s := q.Get("skew"); s != "" {
		if cfg.Skew, err = time.ParseDuration(s); err != nil || cfg.Skew <= 0 || cfg.Skew > k8s.MaxSkew {
			return nil, bad("skew=%s: want a positive duration such as 2s, at most %v", s, k8s.MaxSkew)
		}
	}
	e, err := k8s.New(cfg)
	if err != nil {
		return nil, usageError{fmt.Errorf("-lease %q: %w", raw, err)}
	}
	return e, nil
}
