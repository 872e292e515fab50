// The StatefulSet-ordinal source of the JavaScript lease client
// (js/lease.js: statefulSetOrdinal, ordinalFromHostname), with the same
// cases as Go's lease tests: good names and pod indexes, and each refusal,
// an IDError ErrOrdinal naming the value, the space's size and the fix.
// Run by gen/crosslang's TestOrdinalJS with IDFORGE_JS, the directory of
// the package's modules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.env.IDFORGE_JS;
const { statefulSetOrdinal, ordinalFromHostname, POD_INDEX_ENV, IDError } = await import(pathToFileURL(join(dir, 'lease.js')).href);
const { LEASE_SPACE } = await import(pathToFileURL(join(dir, 'snowflake.js')).href);
const tiny = { key: 'tiny/1970-01-01T00:00:00Z/2', nodeBits: 2 };

function refused(f, ...says) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof IDError, `${e} is no IDError`);
    assert.equal(e.code, 'ErrOrdinal', e.message);
    for (const s of says) assert.ok(e.message.includes(s), `${JSON.stringify(e.message)} does not say ${JSON.stringify(s)}`);
    return true;
  });
}

test('ordinals of StatefulSet pod names', () => {
  assert.equal(POD_INDEX_ENV, 'IDFORGE_POD_INDEX');
  for (const [host, want] of [['web-0', 0n], ['web-3', 3n], ['id-gen-1023', 1023n], ['web-7.web.default.svc.cluster.local', 7n], ['my-app-v2-12', 12n]]) {
    assert.equal(ordinalFromHostname(host, LEASE_SPACE), want, host);
  }
});

test('names and ordinals refused', () => {
  refused(() => ordinalFromHostname('web-1024', LEASE_SPACE), '"web-1024"', 'ordinal 1024', 'holds 1024 nodes', '0 to 1023', 'at most 1024 replicas');
  refused(() => ordinalFromHostname('web-4', tiny), 'ordinal 4', 'holds 4 nodes');
  refused(() => ordinalFromHostname('web-18446744073709551616', LEASE_SPACE), 'ordinal 18446744073709551616', 'holds 1024 nodes');
  refused(() => ordinalFromHostname('localhost', LEASE_SPACE), '"localhost"', '<statefulset>-<ordinal>', 'IDFORGE_POD_INDEX');
  refused(() => ordinalFromHostname('-3', LEASE_SPACE), '"-3"', '<statefulset>-<ordinal>');
  refused(() => ordinalFromHostname('web-', LEASE_SPACE), '"web-"', 'no digits');
  refused(() => ordinalFromHostname('web-x1', LEASE_SPACE), '"web-x1"', 'not a decimal number');
  refused(() => ordinalFromHostname('web-+1', LEASE_SPACE), 'not a decimal number');
  refused(() => ordinalFromHostname('web-01', LEASE_SPACE), 'leading zero');
  refused(() => ordinalFromHostname('', LEASE_SPACE), '""');
  assert.throws(() => ordinalFromHostname('web-1', {}), (e) => e.code === 'ErrOption');
});

test('statefulSetOrdinal reads IDFORGE_POD_INDEX, then HOSTNAME, then the host name', () => {
  assert.equal(statefulSetOrdinal(LEASE_SPACE, { HOSTNAME: 'web-5' }), 5n);
  assert.equal(statefulSetOrdinal(LEASE_SPACE, { HOSTNAME: 'web-5', IDFORGE_POD_INDEX: '9' }), 9n);
  for (const v of ['', 'x', '-1', '1024', '007']) {
    refused(() => statefulSetOrdinal(LEASE_SPACE, { HOSTNAME: 'web-5', IDFORGE_POD_INDEX: v }), `IDFORGE_POD_INDEX=${JSON.stringify(v)}`);
  }
  let want;
  try {
    want = ordinalFromHostname(hostname(), LEASE_SPACE);
  } catch (e) {
    want = e.code;
  }
  let got;
  try {
    got = statefulSetOrdinal(LEASE_SPACE, {});
  } catch (e) {
    got = e.code;
  }
  assert.equal(got, want, `with no HOSTNAME, the host name ${hostname()}`);
  // The process's own environment by default.
  process.env.IDFORGE_POD_INDEX = '17';
  assert.equal(statefulSetOrdinal(LEASE_SPACE), 17n);
  delete process.env.IDFORGE_POD_INDEX;
});
